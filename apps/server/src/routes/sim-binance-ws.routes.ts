/**
 * Binance's WebSocket side of the simulator's Binance API, below the same root as its REST:
 * market streams at `/ws/<stream>` and `/stream?streams=a/b` (SUBSCRIBE, UNSUBSCRIBE,
 * LIST_SUBSCRIPTIONS and the `combined` property), a listen key's user data stream at
 * `/ws/<listenKey>`, and the WebSocket API at `/ws-api/v3` for what ccxt's binance asks of it (the
 * user data stream by signature, ping, time). Keys, their pairs and their bound addresses are
 * checked as on REST; the market and each account are followed once, whatever the sockets.
 */
import {
  authenticateWsApiRequest,
  binanceErrors,
  BinanceError,
  combined,
  listenKeyExpiredEvent,
  parseStreamName,
  parseStreamRequest,
  parseWsApiRequest,
  streamResult,
  SymbolMap,
  wsApiError,
  wsApiEvent,
  wsApiResult,
  type FacadeKey,
  type ListenKeys,
  type MarketStream,
} from '@makerdesk/exchange/binance-facade';
import type { Market } from '@makerdesk/exchange';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { MarketFeeds, StreamListener } from '../services/binance-streams/market-feeds.ts';
import type { UserFeeds, UserListener } from '../services/binance-streams/user-feeds.ts';

export interface SimBinanceStreamDeps {
  markets(): Market[];
  keyFor(apiKey: string, clientIp: string | undefined): Promise<FacadeKey | undefined>;
  marketFeeds: MarketFeeds;
  userFeeds: UserFeeds;
  listenKeys: ListenKeys;
  now: () => number;
  /** How often a user stream checks that its key still holds (and a listen key that it has not expired). */
  keyCheckMs: number;
}

/** Binance's server pings every 20 s. */
const PING_MS = 20_000;
/** Binance's cap on the streams one connection may hold. */
const MAX_STREAMS = 1024;
const MESSAGE_LIMIT = 64 * 1024;

export function simBinanceStreamRoutes(app: FastifyInstance, deps: SimBinanceStreamDeps): void {
  const raw = (socket: WebSocket, request: FastifyRequest<{ Params: { '*'?: string } }>) => {
    const name = request.params['*'] ?? '';
    const url = new URL(request.url, 'http://x');
    if (name !== '' && parseStreamName(name) === undefined && deps.listenKeys.owner(name, deps.now()) !== undefined) {
      void listenKeyStream(socket, request, name, deps);
      return;
    }
    marketStream(socket, false, [name, ...(url.searchParams.get('streams') ?? '').split('/')].filter((n) => parseStreamName(n) !== undefined), deps);
  };
  app.get('/ws', { websocket: true, schema: { hide: true } }, raw);
  app.get('/ws/*', { websocket: true, schema: { hide: true } }, raw);
  app.get('/stream', { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    const names = (new URL(request.url, 'http://x').searchParams.get('streams') ?? '').split('/').filter((n) => parseStreamName(n) !== undefined);
    marketStream(socket, true, names, deps);
  });
  app.get('/ws-api/v3', { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => wsApi(socket, request, deps));
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function text(data: RawData): string {
  return Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
}

function keepAlive(socket: WebSocket): void {
  const timer = setInterval(() => socket.ping(), PING_MS);
  timer.unref();
  socket.on('close', () => clearInterval(timer));
}

/** A market stream connection: the streams it holds, each fed from its symbol's shared feed. */
function marketStream(socket: WebSocket, isCombined: boolean, initial: string[], deps: SimBinanceStreamDeps): void {
  const held = new Map<string, { unified: string; listener: StreamListener }>();
  let wrap = isCombined;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  keepAlive(socket);

  const open = async (name: string, stream: MarketStream): Promise<void> => {
    if (held.has(name)) return;
    const symbols = new SymbolMap(deps.markets());
    const unified = symbols.unified(stream.symbol);
    const listener: StreamListener = (data) => send(socket, wrap ? combined(name, data) : data);
    held.set(name, { unified, listener });
    await deps.marketFeeds.add(unified, name, stream, listener);
    if (closed) close(name);
  };
  const close = (name: string): void => {
    const entry = held.get(name);
    if (entry === undefined) return;
    held.delete(name);
    deps.marketFeeds.remove(entry.unified, name, entry.listener);
  };
  // Requests are carried out one at a time, in the order they came.
  const inTurn = (step: () => Promise<void>) => {
    queue = queue.then(step).catch(() => undefined);
  };

  inTurn(async () => {
    for (const name of initial) await open(name, parseStreamName(name)!).catch(() => undefined);
  });
  socket.on('message', (data) => {
    const body = text(data);
    if (body.length > MESSAGE_LIMIT) return send(socket, { code: 2, msg: 'Invalid request: message too long' });
    const parsed = parseStreamRequest(body);
    if ('error' in parsed) return send(socket, parsed.error);
    const { request } = parsed;
    inTurn(async () => {
      switch (request.method) {
        case 'SUBSCRIBE': {
          if (held.size + request.params.length > MAX_STREAMS) return send(socket, { code: 2, msg: 'Invalid request: too many streams', id: request.id });
          const symbols = new SymbolMap(deps.markets());
          const unlisted = request.params.find((name) => !listed(symbols, parseStreamName(name)!.symbol));
          if (unlisted !== undefined) return send(socket, { code: 2, msg: `Invalid request: unknown symbol in ${JSON.stringify(unlisted)}`, id: request.id });
          for (const name of request.params) await open(name, parseStreamName(name)!);
          return send(socket, streamResult(request.id));
        }
        case 'UNSUBSCRIBE':
          for (const name of request.params) close(name);
          return send(socket, streamResult(request.id));
        case 'LIST_SUBSCRIPTIONS':
          return send(socket, streamResult(request.id, [...held.keys()]));
        case 'SET_PROPERTY':
          wrap = request.value;
          return send(socket, streamResult(request.id));
        case 'GET_PROPERTY':
          return send(socket, streamResult(request.id, wrap));
      }
    });
  });
  socket.on('close', () => {
    closed = true;
    for (const name of [...held.keys()]) close(name);
  });
}

function listed(symbols: SymbolMap, binanceSymbol: string): boolean {
  try {
    symbols.market(binanceSymbol);
    return true;
  } catch {
    return false;
  }
}

/**
 * The user data stream of a listen key (`/ws/<listenKey>`): the key must still hold for the
 * caller's address. When the listen key expires the socket hears `listenKeyExpired` and closes.
 */
async function listenKeyStream(socket: WebSocket, request: FastifyRequest, listenKey: string, deps: SimBinanceStreamDeps): Promise<void> {
  const apiKey = deps.listenKeys.owner(listenKey, deps.now())!;
  let closed = false;
  socket.on('close', () => (closed = true));
  keepAlive(socket);
  const key = await deps.keyFor(apiKey, request.ip);
  if (key === undefined) {
    send(socket, binanceErrors.rejectedKey().toJSON());
    socket.close(1008, 'Invalid API-key, IP, or permissions for action.');
    return;
  }
  let permitted = key;
  const listener: UserListener = (event, symbol) => {
    if (symbol === undefined || (permitted.permits?.(symbol) ?? true)) send(socket, event);
  };
  const check = setInterval(() => {
    const now = deps.now();
    if (deps.listenKeys.owner(listenKey, now) === undefined) {
      send(socket, listenKeyExpiredEvent(listenKey, now));
      socket.close(1000, 'listenKeyExpired');
      return;
    }
    void deps.keyFor(apiKey, request.ip).then((found) => {
      if (found === undefined) socket.close(1008, 'Invalid API-key, IP, or permissions for action.');
      else permitted = found;
    });
  }, deps.keyCheckMs);
  check.unref();
  socket.on('close', () => {
    clearInterval(check);
    deps.userFeeds.remove(apiKey, listener);
  });
  if (closed) return;
  await deps.userFeeds.add(apiKey, listener).catch(() => socket.close(1011, 'stream unavailable'));
  if (closed) deps.userFeeds.remove(apiKey, listener);
}

interface WsApiSubscription {
  apiKey: string;
  key: FacadeKey;
  listener: UserListener;
}

/**
 * The WebSocket API connection: requests answered by id; user data stream subscriptions by
 * signature (one per account), each event sent as `{subscriptionId, event}`. A subscription whose
 * key stops holding (revoked, account suspended, address unbound) ends with `eventStreamTerminated`.
 */
function wsApi(socket: WebSocket, request: FastifyRequest, deps: SimBinanceStreamDeps): void {
  const subscriptions = new Map<number, WsApiSubscription>();
  let nextId = 0;
  let closed = false;
  keepAlive(socket);

  const end = (id: number) => {
    const subscription = subscriptions.get(id);
    if (subscription === undefined) return;
    subscriptions.delete(id);
    deps.userFeeds.remove(subscription.apiKey, subscription.listener);
  };
  const check = setInterval(() => {
    for (const [id, subscription] of subscriptions) {
      void deps.keyFor(subscription.apiKey, request.ip).then((found) => {
        if (!subscriptions.has(id)) return;
        if (found !== undefined) {
          subscription.key = found;
          return;
        }
        end(id);
        send(socket, wsApiEvent(id, { e: 'eventStreamTerminated', E: deps.now() }));
      });
    }
  }, deps.keyCheckMs);
  check.unref();
  socket.on('close', () => {
    closed = true;
    clearInterval(check);
    for (const id of [...subscriptions.keys()]) end(id);
  });

  const handle = async (body: string): Promise<unknown> => {
    const parsed = parseWsApiRequest(body);
    if ('error' in parsed) return wsApiError(parsed.id, parsed.error);
    const { id, method, params } = parsed.request;
    try {
      switch (method) {
        case 'ping':
          return wsApiResult(id, {});
        case 'time':
          return wsApiResult(id, { serverTime: deps.now() });
        case 'userDataStream.subscribe.signature': {
          const { apiKey, key } = await authenticateWsApiRequest(params, deps.keyFor, request.ip, deps.now());
          if ([...subscriptions.values()].some((s) => s.apiKey === apiKey)) throw new BinanceError(-1210, 'This account is already subscribed on this connection.');
          const subscriptionId = nextId++;
          const subscription: WsApiSubscription = {
            apiKey,
            key,
            listener: (event, symbol) => {
              if (symbol === undefined || (subscription.key.permits?.(symbol) ?? true)) send(socket, wsApiEvent(subscriptionId, event));
            },
          };
          subscriptions.set(subscriptionId, subscription);
          await deps.userFeeds.add(apiKey, subscription.listener);
          if (closed) end(subscriptionId);
          return wsApiResult(id, { subscriptionId });
        }
        case 'userDataStream.unsubscribe': {
          const only = params.subscriptionId;
          if (only === undefined) for (const sid of [...subscriptions.keys()]) end(sid);
          else end(Number(only));
          return wsApiResult(id, {});
        }
        case 'session.subscriptions':
          return wsApiResult(
            id,
            [...subscriptions.keys()].map((subscriptionId) => ({ subscriptionId })),
          );
        default:
          throw new BinanceError(-1100, `Illegal characters found in parameter 'method'; unknown method ${JSON.stringify(method)}.`);
      }
    } catch (err) {
      if (err instanceof BinanceError) return wsApiError(id, err);
      return wsApiError(id, binanceErrors.unknown());
    }
  };

  let queue: Promise<unknown> = Promise.resolve();
  socket.on('message', (data) => {
    const body = text(data);
    queue = queue.then(async () => send(socket, body.length > MESSAGE_LIMIT ? wsApiError(null, binanceErrors.tooManyRequests()) : await handle(body)));
  });
}
