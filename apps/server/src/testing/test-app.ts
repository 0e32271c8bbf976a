import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { seed, SEED_ADMIN_ACCOUNT } from '../services/seed.ts';
import { MemoryOutbox } from '../mail/mailer.ts';
import { createServices, type ServiceDeps, type Services } from '../services/services.ts';
import type { EngineWiring } from '../engine/engine-host.ts';
import type { LiveExchangeFactory } from '../venues/exchange-gateway.ts';
import type { PublicVenueFactory } from '../venues/reference-prices.ts';
import { simVenueFactory } from '../venues/sim-factory.ts';
import { openLiveExchange } from '../venues/live-exchange.ts';
import { guardedSocketAgents } from '../outbound/guarded-socket-agent.ts';
import { parseAllowList } from '../outbound/allow-list.ts';
import { outboundHttp } from '../outbound/guarded-http.ts';
import { OutboundGuard } from '../outbound/outbound-guard.ts';
import { SimStateRepository } from '../repositories/sim-state.repository.ts';
import { SimHost } from '../venues/sim-host.ts';
import { SimAccess } from '../venues/sim-access.ts';
import { scratchDatabase } from './scratch-database.ts';
import { suiteDatabaseUrl } from './test-postgres.ts';
import type { ClusterBus } from '../bus/cluster-bus.ts';
import type { LiveSocketLimits } from '../routes/ws.routes.ts';
import { parseBinanceLimits } from '@makerdesk/exchange/binance-facade';

export const TEST_ADMIN_PASSWORD = 'Admin-pass-123';

/**
 * A fresh database per test file: in-memory PGlite, or in the suite's PostgreSQL pass a throwaway
 * database on the test run's PostgreSQL server (so the same suite runs on both).
 */
export async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const scratch = await scratchDatabase(suiteDatabaseUrl(), { inMemory: true });
  return { database: await openDatabase(scratch.target), drop: scratch.drop };
}

export interface Json {
  code: number;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary payloads
  msg: string;
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  services: Services;
  /** The database behind the services, for tests that arrange or inspect rows directly. */
  database: Database;
  outbox: MemoryOutbox;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options?: { token?: string; body?: unknown; lang?: string; headers?: Record<string, string> }): Promise<{ status: number; body: Json; raw: LightMyRequestResponse }>;
  login(username?: string, password?: string): Promise<string>;
  /** Every route the app registered, `METHOD /url` (HEAD left out). */
  routes: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  webDist?: string;
  /** Opens live venues: `ccxt` as main.ts does (through the guarded HTTP); by default a live key is refused. */
  liveExchange?: LiveExchangeFactory | 'ccxt';
  /**
   * MAKERDESK_OUTBOUND_ALLOW: the non-public destinations (local receivers, this server's own
   * Binance facade) the test's outbound calls may reach; none by default, as in production.
   */
  outboundAllow?: string;
  simSeed?: number;
  /** The bot engine (a recording double in route tests); without it bots are saved and idle. */
  engine?: EngineWiring;
  publicVenue?: PublicVenueFactory;
  metricsToken?: string;
  /** Alert delivery pacing and clock (services.ts ServiceDeps.alerts). */
  alerts?: ServiceDeps['alerts'];
  /** An open database (a restart test's): migrated and seeded again, and left open and kept at close. */
  database?: Database;
  /** The master key (a restart test keeps one across starts); random by default. */
  masterKey?: Buffer;
  venueCatalog?: ServiceDeps['venueCatalog'];
  /** Bots by lease among several servers (services.ts ServiceDeps.cluster). */
  cluster?: ServiceDeps['cluster'];
  /** MAKERDESK_TRUSTED_PROXIES (app.ts AppOptions). */
  trustedProxies?: string[];
  /** The live socket's time to authenticate and caps (app.ts AppOptions). */
  liveSocket?: LiveSocketLimits;
  /** The servers' bus (two apps on one PostgreSQL: a PgClusterBus each); the caller closes it. */
  bus?: ClusterBus;
  /** The simulator as a SimSeat gives it (cluster tests); the caller closes it. By default a SimHost of the test's own. */
  sim?: SimAccess;
  /**
   * MAKERDESK_SIM_BINANCE_LIMITS (its text: `on`, `off`, `weight1m=…,orders10s=…,orders1d=…`):
   * Binance's numbers by default, as in production; a test that is not about limits may raise them.
   */
  simBinanceLimits?: string;
  /** Listen on a port of 127.0.0.1 (the other servers of a cluster test call this one). */
  listen?: boolean;
  /** The simulator's Binance streams' listen key validity and key checks (app.ts AppOptions). */
  simBinanceStreams?: AppOptions['simBinanceStreams'];
  /** The liquidity sampler's switch and clock (ServiceDeps.liquidity); tests run its rounds by hand (services.liquidityJobs.sampler.sampleOnce()). */
  liquidity?: ServiceDeps['liquidity'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = options.database ? { database: options.database, drop: async () => undefined } : await freshDatabase();
  await database.migrate();
  await seed(database.db, TEST_ADMIN_PASSWORD);
  const outbox = new MemoryOutbox();
  // The background market is stepped by hand in tests (services.sim.localHost.venue.step()).
  const simHost = options.sim ? undefined : await SimHost.open(new SimStateRepository(database.db), { create: simVenueFactory(options.simSeed ?? 7), background: false });
  const sim = options.sim ?? SimAccess.local(simHost as SimHost);
  const allow = parseAllowList(options.outboundAllow ?? '');
  if (!allow.ok) throw new Error(`outboundAllow: not an address or CIDR block: ${allow.bad.join(', ')}`);
  const outbound = outboundHttp(new OutboundGuard({ allow: allow.list }));
  const liveExchange = options.liveExchange === 'ccxt' ? openLiveExchange(outbound.fetch, guardedSocketAgents(outbound.guard)) : options.liveExchange;
  const services = createServices({
    database,
    masterKey: options.masterKey ?? randomBytes(32),
    mailer: outbox,
    webDist: options.webDist ?? '/nonexistent',
    sim,
    ...(liveExchange ? { liveExchange } : {}),
    outbound,
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.publicVenue ? { publicVenue: options.publicVenue } : {}),
    metricsToken: options.metricsToken,
    ...(options.alerts ? { alerts: options.alerts } : {}),
    ...(options.venueCatalog ? { venueCatalog: options.venueCatalog } : {}),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.cluster ? { cluster: options.cluster } : {}),
    ...(options.liquidity ? { liquidity: options.liquidity } : {}),
  });
  const reopenFailures = await services.pairAdmin.reopenSimMarkets();
  if (reopenFailures.length > 0) throw new Error(`simulator pairs not reopened: ${JSON.stringify(reopenFailures)}`);
  const routes: string[] = [];
  const app = await buildApp(services, {
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    ...(options.liveSocket ? { liveSocket: options.liveSocket } : {}),
    ...(options.simBinanceLimits !== undefined ? { simBinanceLimits: parseBinanceLimits(options.simBinanceLimits) } : {}),
    ...(options.simBinanceStreams ? { simBinanceStreams: options.simBinanceStreams } : {}),
    onRoute: ({ method, url }) => {
      for (const m of [method].flat()) if (m !== 'HEAD') routes.push(`${m} ${url}`);
    },
  });
  await app.ready();
  if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });

  const call: TestApp['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lang) headers.lang = options.lang;
    const raw = await app.inject({ method, url, headers, ...(options.body !== undefined ? { payload: options.body as object } : {}) });
    // Mails go out after the reply: a test reads the outbox once they are out.
    await services.passwordReset.idle();
    return { status: raw.statusCode, body: raw.json() as Json, raw };
  };

  return {
    app,
    services,
    database,
    outbox,
    call,
    routes,
    async login(username = SEED_ADMIN_ACCOUNT, password = TEST_ADMIN_PASSWORD) {
      const { body } = await call('POST', '/backend/admin/login', { body: { username, password } });
      if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      await services.passwordReset.idle();
      await services.alerts.close();
      await services.liquidityJobs.stop();
      await services.engine.shutdown();
      // The live venues and their streams (account feeds), as stopServices closes them.
      await services.gateway.close();
      await simHost?.close();
      await outbound.close();
      if (options.database) return;
      await database.close();
      await drop();
    },
  };
}
