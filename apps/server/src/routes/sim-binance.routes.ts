import { BinanceFacade, binanceErrors, ListenKeys, LISTEN_KEY_VALIDITY_MS, type BinanceLimits, type FacadeFamily, type FacadeKey, type FacadeVenue } from '@makerdesk/exchange/binance-facade';
import type { ExchangeEvent } from '@makerdesk/exchange';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MarketFeeds } from '../services/binance-streams/market-feeds.ts';
import { UserFeeds } from '../services/binance-streams/user-feeds.ts';
import { simBinanceStreamRoutes } from './sim-binance-ws.routes.ts';

/** Where the plugin is registered: Binance's host, as it were. */
export const SIM_BINANCE_ROOT = '/sim/binance';
/** The spot API (ccxt's `urls.api.public` and `private`). */
export const SIM_BINANCE_PREFIX = `${SIM_BINANCE_ROOT}/api/v3`;
/** The OpenAPI security scheme of a simulator key (app.ts declares it). */
export const SIM_API_KEY_SCHEME = 'simApiKey';

/**
 * Below the root, each family at its Binance path. The sapi calls are answered under `api/v3` too,
 * for clients that send every family to one base (CcxtExchange's `apiBaseUrl`).
 */
const familyBases: Record<FacadeFamily, string[]> = { api: ['api/v3'], sapi: ['sapi/v1', 'api/v3'] };

export interface SimBinanceDeps {
  /** The simulator (SimAccess: this server's, or the holder's); a SimVenue through facadeVenueFromSim. */
  venue: FacadeVenue;
  /**
   * A simulator API key as a caller at `clientIp` may use it (SimKeyStore.access): its secret and
   * its pairs; undefined rejects the key (-2015).
   */
  keyFor(apiKey: string, clientIp: string | undefined): Promise<FacadeKey | undefined>;
  /** The facade's clock for timestamp checks; Date.now by default. */
  now?: () => number;
  /**
   * Binance's limits as this API enforces them (MAKERDESK_SIM_BINANCE_LIMITS): Binance's published
   * numbers by default. Request weight is counted per client IP on the server that answers: with
   * several servers each serves this API over the one holder's simulator and keeps its own counts
   * (per-IP weight and per-key order counts), so a client spreading calls over servers gets each
   * server's limit; acceptable for a test venue, and one server is what a client is pointed at.
   */
  limits?: BinanceLimits;
  /** With it, Binance's WebSocket side too (sim-binance-ws.routes.ts) and the listen key endpoints. */
  streams?: SimBinanceStreamOptions;
}

export interface SimBinanceStreamOptions {
  /** The simulator's events of a pair, as an account sees them (SimAccess.subscribe). */
  subscribe(apiKey: string, symbol: string, listener: (event: ExchangeEvent) => void): () => void;
  /** 60 minutes, as Binance; tests shorten it. */
  listenKeyValidityMs?: number;
  /** How often user streams check their key and listen key (10 s by default). */
  keyCheckMs?: number;
}

/**
 * The simulator account the market streams follow the venue's public events through (the venue
 * tells a pair's book and trades to an account's subscription). It never trades.
 */
export const MARKET_STREAMS_ACCOUNT = 'makerdesk-sim-binance-market-streams';
const KEY_CHECK_MS = 10_000;

/** Signed bodies are small; Binance's own limit is far below the app's 1 MB. */
const BODY_LIMIT = 64 * 1024;

/**
 * The simulator's Binance-compatible spot REST subset, for ccxt's `binance` and other Binance
 * clients: register at `SIM_BINANCE_ROOT` (outside /backend). It answers Binance's JSON and codes,
 * not MakerDesk's envelope, so this encapsulated context has its own body parsing, error and
 * not-found handling; its routes carry no schemas (the app's zod compilers never run for them).
 */
export const simBinanceRoutes: FastifyPluginAsync<SimBinanceDeps> = async (app, deps) => {
  const now = deps.now ?? Date.now;
  const streams = deps.streams;
  const listenKeys = streams ? new ListenKeys(streams.listenKeyValidityMs ?? LISTEN_KEY_VALIDITY_MS) : undefined;
  const facade = new BinanceFacade({
    venue: deps.venue,
    keyFor: deps.keyFor,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.limits ? { limits: deps.limits } : {}),
    onUnexpectedError: (err) => app.log.error({ err }, 'binance facade failure'),
    ...(listenKeys ? { listenKeys } : {}),
  });
  if (streams && listenKeys) {
    const onError = (err: unknown) => app.log.error({ err }, 'binance stream failure');
    const data = () => deps.venue.marketData();
    const marketFeeds = new MarketFeeds(
      {
        fetchOrderBook: (symbol, depth) => data().fetchOrderBook(symbol, depth),
        fetchTicker: (symbol) => data().fetchTicker(symbol),
        subscribe: (symbol, listener) => streams.subscribe(MARKET_STREAMS_ACCOUNT, symbol, listener),
      },
      onError,
      now,
    );
    const userFeeds = new UserFeeds(
      { symbols: () => deps.venue.markets().map((m) => m.symbol), account: (apiKey) => deps.venue.account(apiKey), subscribe: streams.subscribe },
      onError,
      now,
    );
    app.addHook('onClose', async () => {
      marketFeeds.close();
      userFeeds.close();
    });
    simBinanceStreamRoutes(app, { markets: () => deps.venue.markets(), keyFor: deps.keyFor, marketFeeds, userFeeds, listenKeys, now, keyCheckMs: streams.keyCheckMs ?? KEY_CHECK_MS });
  }

  // The signature covers the body exactly as sent, so it is kept as a string; Binance reads forms only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  // What fails before the facade (body too large, a rate limiter) still answers in Binance's terms.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    void reply.headers(facade.usageHeaders(request.ip));
    if (status === 429) return reply.status(429).send(binanceErrors.tooManyRequests().toJSON());
    if (status >= 400 && status < 500) return reply.status(400).send({ code: -1100, msg: `Malformed request: ${error.message}` });
    request.log.error({ err: error }, 'binance facade request failed');
    return reply.status(500).send(binanceErrors.unknown().toJSON());
  });


  const routes = facade.routes.flatMap((route) => familyBases[route.family].map((base) => ({ ...route, url: `/${base}/${route.path}` })));
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      // Documented only (no body, query or reply schema: nothing is compiled): market data takes no key, signed calls one.
      // The listen key endpoints belong to the streams (sim-binance-ws.routes.ts), documented and tested with them.
      schema: { tags: ['sim-binance'], security: route.signed ? [{ [SIM_API_KEY_SCHEME]: [] }] : [], ...(route.path === 'userDataStream' ? { hide: true } : {}) },
      handler: async (request, reply) => {
        const url = request.raw.url ?? '';
        const mark = url.indexOf('?');
        const apiKey = request.headers['x-mbx-apikey'];
        const timeUnit = request.headers['x-mbx-time-unit'];
        const result = await facade.handle({
          method: route.method,
          path: route.path,
          query: mark < 0 ? '' : url.slice(mark + 1),
          body: typeof request.body === 'string' ? request.body : '',
          apiKey: Array.isArray(apiKey) ? apiKey[0] : apiKey,
          // The client address as the rest of the server reads it: Fastify's, which honours the
          // app's trustProxy setting (off: the socket's address, X-Forwarded-For is ignored).
          clientIp: request.ip,
          timeUnit: Array.isArray(timeUnit) ? timeUnit[0] : timeUnit,
        });
        return reply.status(result.status).headers(result.headers).type('application/json; charset=utf-8').send(JSON.stringify(result.body));
      },
    });
  }

  // Every other path below the root, whatever the method, is Binance's 404: without these routes a
  // GET would reach the console's single-page-app fallback and answer its HTML with 200.
  const notFound = (request: FastifyRequest, reply: FastifyReply) => reply.status(404).headers(facade.usageHeaders(request.ip)).send(binanceErrors.notFound().toJSON());
  app.all('/', { schema: { hide: true } }, notFound);
  app.all('/*', { schema: { hide: true } }, notFound);
};
