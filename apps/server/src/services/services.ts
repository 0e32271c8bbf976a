import { ExchangeError } from '@makerdesk/exchange';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { OrderService } from './orders/order.service.ts';
import { createRepositories } from '../repositories/repositories.ts';
import { OrderOriginRepository } from '../repositories/order-origin.repository.ts';
import { deriveKey } from '../security/master-key.ts';
import { TokenSigner } from '../security/tokens.ts';
import { AlertDispatcher } from '../alerts/alert-dispatcher.ts';
import { ChannelSecretBox } from '../alerts/channel-secrets.ts';
import type { AlertClock } from '../alerts/clock.ts';
import type { DeliveryPolicy } from '../alerts/delivery-policy.ts';
import { createChannelSender } from '../alerts/senders.ts';
import { AnalysisService } from './analysis/analysis.service.ts';
import { SnapshotScheduler } from './analysis/snapshot-scheduler.ts';
import { RetentionRepository } from '../repositories/retention.repository.ts';
import { RETENTION_DEFAULTS, type RetentionSettings } from '../domain/retention.ts';
import { RetentionJob } from './retention/retention-job.ts';
import { AnalysisRepository } from '../repositories/analysis.repository.ts';
import { DeskRepository } from '../repositories/desk.repository.ts';
import { DeskService } from './desk/desk.service.ts';
import { LiquidityRepository } from '../repositories/liquidity.repository.ts';
import { LiquidityService } from './liquidity/liquidity.service.ts';
import { LiquiditySampler } from './liquidity/liquidity-sampler.ts';
import { LiquidityJobs } from './liquidity/liquidity-jobs.ts';
import { SimLiquiditySources } from './liquidity/sim-liquidity-sources.ts';
import { CombinedLiquiditySources, LiveLiquiditySources } from './liquidity/live-liquidity-sources.ts';
import { ObligationWatch } from './liquidity/obligation-watch.ts';
import { SIM_PLATFORM } from '../domain/platforms.ts';
import { ExchangeGateway, type LiveExchangeFactory } from '../venues/exchange-gateway.ts';
import type { SimAccess } from '../venues/sim-access.ts';
import { SimKeyStore } from '../venues/sim-key-store.ts';
import { AdminService } from './admin.service.ts';
import { AlertService } from './alert.service.ts';
import { AuthService } from './auth.service.ts';
import { CoinService } from './coin.service.ts';
import { CredentialService } from './credential.service.ts';
import { HealthService } from './health.service.ts';
import { ReadinessService } from './readiness.ts';
import { NotificationService } from './notification.service.ts';
import { PasswordAttempts } from './password-attempts.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { RobotService } from './robot.service.ts';
import { PairAdminService, type PairAdminVenues } from './pair-admin.service.ts';
import { listLiveSymbols } from '../venues/live-exchange.ts';
import { outboundHttp, type OutboundHttp } from '../outbound/guarded-http.ts';
import { OutboundGuard } from '../outbound/outbound-guard.ts';
import { SimPairs } from '../venues/sim-pairs.ts';
import { EmergencyStopService } from './emergency-stop.service.ts';
import { ThrottleGate } from './throttle-gate.ts';
import { TradingLogService } from './trading-log.service.ts';
import { CachedPairObligations } from '../engine/pair-obligations.ts';
import { createEngineHost, type EngineHost, type EngineWiring } from '../engine/engine-host.ts';
import { PublicReferencePrices, type PublicVenueFactory } from '../venues/reference-prices.ts';
import { GatewayVenueSessions } from '../venues/venue-sessions.ts';
import { ClusterSessionRevocations, type SessionRevocationBus } from '../sessions/session-revocations.ts';
import { HotCaches } from '../caches/hot-caches.ts';
import { shareCacheInvalidations } from '../caches/cluster-cache-invalidation.ts';
import { LocalClusterBus, type ClusterBus } from '../bus/cluster-bus.ts';
import type { ClusterOptions } from '../cluster/cluster-engine.ts';
import { ClusterRepository } from '../repositories/cluster.repository.ts';
import { IncidentRepository } from '../repositories/incident.repository.ts';
import { IncidentService } from './incidents/incident.service.ts';
import { VenueWatch } from './incidents/venue-watch.ts';

/** What routes reach: services only; the database stays behind the repositories they were given. */
export interface Services {
  health: HealthService;
  /** GET /health/ready: the database, the simulator seat and the engine. */
  readiness: ReadinessService;
  gateway: ExchangeGateway;
  orders: OrderService;
  /** The simulator: this server's SimHost, or the holder's over the internal API. */
  sim: SimAccess;
  /** Signs the servers' internal simulator calls: deriveKey(masterKey, 'cluster-sim'). */
  simClusterKey: Buffer;
  simKeys: SimKeyStore;
  auth: AuthService;
  /** Revoked sessions, announced once committed: the WebSocket route closes their sockets at once. */
  revocations: SessionRevocationBus;
  /** What signed-in calls read on every call (sessions, keys, pairs, bindings), dropped when their source changes. */
  caches: HotCaches;
  /** What this server tells the others sharing its database (revocations, cache invalidations); main.ts closes it. */
  bus: ClusterBus;
  admins: AdminService;
  passwordReset: PasswordResetService;
  coins: CoinService;
  pairAdmin: PairAdminService;
  credentials: CredentialService;
  tradingLogs: TradingLogService;
  notifications: NotificationService;
  robots: RobotService;
  /** Where follow bots read their reference, and the form's public price of a followed pair (issue 19). */
  referencePrices: PublicReferencePrices;
  /** Channels and recent alerts (Risk control screen). */
  alertChannels: AlertService;
  /**
   * Monitors raise alerts here (`raise`); main.ts starts it (resuming pending deliveries) and
   * closes it at shutdown.
   */
  alerts: AlertDispatcher;
  analysis: AnalysisService;
  /** The desk's P&L and fills ledger. */
  desk: DeskService;
  /** Liquidity obligations and their figures (issue 20). */
  liquidity: LiquidityService;
  /** The liquidity sampler (simulator pairs, on the server running the simulator) and the pruning of old rows: main.ts starts it, stopServices stops it. */
  liquidityJobs: LiquidityJobs;
  /**
   * The obligation monitor (issue 20 part 4): breaches of the pairs' liquidity obligations, their
   * ends and periods out of reach, as incidents and alerts; one server of a cluster. main.ts starts it
   * with the sampling, stopServices stops it.
   */
  obligationWatch: ObligationWatch;
  /** The incident centre: what went wrong on each pair, per reader read or not, pushed live (the bell). */
  incidents: IncidentService;
  /** Balance snapshots at every data-cycle slot: main.ts starts it with the engine and stops it before. */
  snapshots: SnapshotScheduler;
  /** Prunes what is past its retention (MAKERDESK_RETAIN_*), hourly by default; started by main.ts. */
  retention: RetentionJob;
  /** The pair-wide emergency stop: the stop button's call, and `emergencyStop(coinId, cause)` for the monitors. */
  emergencyStop: EmergencyStopService;
  /** The bot engine inside the server: main.ts starts it after the simulator host and shuts it down before. */
  engine: EngineHost;
  /** The settings the routes read: the console's build, the metrics token. */
  config: { webDist: string; metricsToken: string | undefined };
}

export interface ServiceDeps {
  database: Database;
  masterKey: Buffer;
  mailer: Mailer;
  webDist: string;
  /** The simulator (SimSeat's access): local, or the server holding its claim. */
  sim: SimAccess;
  /** Opens live venues (ccxt); without it, live keys are refused with a clear error. */
  liveExchange?: LiveExchangeFactory;
  /** The bot engine (its factory, strategies and rate budgets); without it bots are saved but do not run. */
  engine?: EngineWiring;
  /** Opens public market data of a platform for follow bots' references; ccxt without keys by default. */
  publicVenue?: PublicVenueFactory;
  /** A static bearer token that also opens /backend/metrics to other hosts (else loopback only). */
  metricsToken?: string | undefined;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** ccxt's exchange ids and the live venues' markets, for pair administration; ccxt by default. */
  venueCatalog?: Pick<PairAdminVenues, 'describe' | 'listSymbols'>;
  /** Process metrics (memory, CPU, event loop) in /backend/metrics; main.ts turns them on. */
  processMetrics?: boolean;
  /**
   * Users' outbound HTTP (alert deliveries, custom platform API bases) through the guard of
   * MAKERDESK_OUTBOUND_ALLOW; public destinations only by default. main.ts gives the live venues the same.
   */
  outbound?: OutboundHttp;
  /** Alert delivery: pacing (config.ts), and in tests a clock and a shorter call timeout. */
  alerts?: { policy?: Partial<DeliveryPolicy>; clock?: AlertClock; timeoutMs?: number; testWaitMs?: number };
  /** How often the analysis scheduler looks for a slot without a snapshot (tests shorten it). */
  snapshotSweepMs?: number;
  /** The servers' bus (PgClusterBus on PostgreSQL, opened by main.ts); this process alone by default. */
  bus?: ClusterBus;
  /** Where revoked sessions are announced; over `bus` by default. */
  revocations?: SessionRevocationBus;
  /** The hot-path caches (tests pass a clock or a short TTL); 30 s entries by default. */
  caches?: HotCaches;
  /**
   * Several servers on one PostgreSQL: bots run by lease in one node each, and engine calls
   * reach the node running the bot over `bus`. Without it this server runs every bot itself.
   */
  cluster?: { bus: ClusterBus; url: string; options?: Partial<ClusterOptions> };
  /** How long each kind of data is kept and how often the job runs (config.ts); the desk's defaults when absent. */
  retention?: RetentionSettings & { intervalMs?: number };
  /** MAKERDESK_LIQUIDITY_SAMPLING (on by default), MAKERDESK_OBLIGATION_BREACH_MINUTES (5), and in tests the sampler's and the obligation watch's clock. */
  liquidity?: { sampling?: boolean; now?: () => number; breachMinutes?: number };
}

/**
 * Stops what the services run, in order, once no request comes in any more: no new snapshot sweep
 * (one under way does not hold up the bots' cancels, but ends before the venues close); the engine
 * (no new orders, quoting bots' orders cancelled while the venues still answer); the alert attempts
 * in flight (the other deliveries stay pending for the next start); reset codes asked for just
 * before (unless the mail server keeps us waiting); then the live venues' connections. Each step
 * runs even if one before it failed.
 */
export async function stopServices(services: Services, log: Pick<NonNullable<ServiceDeps['log']>, 'error'>): Promise<void> {
  const sweep = services.snapshots.stop();
  const pruning = services.retention.stop();
  const watching = services.obligationWatch.stop().catch((err: unknown) => log.error({ err }, 'obligation watch shutdown failed'));
  // Before the engine cancels the bots' orders: the open minute is written as the desk quoted it.
  await services.liquidityJobs.stop().catch((err: unknown) => log.error({ err }, 'liquidity sampler shutdown failed'));
  await services.engine.shutdown().catch((err: unknown) => log.error({ err }, 'bot engine shutdown failed'));
  await services.alerts.close().catch((err: unknown) => log.error({ err }, 'alert dispatcher shutdown failed'));
  await Promise.race([services.passwordReset.idle(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  await sweep;
  await pruning;
  await watching;
  await services.gateway.close().catch((err: unknown) => log.error({ err }, 'closing the live venues failed'));
}

const noLiveVenues: LiveExchangeFactory = async (material) => {
  throw new ExchangeError('venue_error', `Live venue ${material.platformCode} is not available in this build`);
};

const ccxtCatalog = (outbound: OutboundHttp): Pick<PairAdminVenues, 'describe' | 'listSymbols'> => ({
  describe: async (code) => (await import('@makerdesk/exchange/ccxt')).describeCcxtVenue(code),
  listSymbols: (platform) => listLiveSymbols(platform, outbound.fetch),
});

export function createServices({ database, masterKey, mailer, webDist, sim, liveExchange, engine: wiring, publicVenue, metricsToken, log, processMetrics, alerts: alertOptions = {}, venueCatalog, snapshotSweepMs, retention: retentionSettings = RETENTION_DEFAULTS, revocations: revocationBus, outbound = outboundHttp(new OutboundGuard()), caches = new HotCaches(), bus = new LocalClusterBus('local', (err) => log?.error({ err }, 'a cluster bus listener failed')), cluster, liquidity: liquidityOptions = {} }: ServiceDeps): Services {
  const repos = createRepositories(database.db);
  const revocations = revocationBus ?? new ClusterSessionRevocations(bus);
  // Revoked sessions leave the cache as soon as they are announced (logout, deletion, suspension, password).
  caches.listenTo(revocations);
  // Every server's caches hear each write's invalidation; all of them are dropped when the bus reconnects.
  shareCacheInvalidations(caches, bus);
  const coins = new CoinService(repos, Date.now, caches);
  const pairAdmin = new PairAdminService(
    repos,
    { ...(venueCatalog ?? ccxtCatalog(outbound)), allowsBaseUrl: (url) => outbound.guard.allowsUrl(url), sim: new SimPairs(() => sim) },
    caches,
    log,
  );
  const simKeys = new SimKeyStore(repos, deriveKey(masterKey, 'sim-keys'));
  const gateway = new ExchangeGateway(sim, simKeys, liveExchange ?? noLiveVenues, wiring ? (exchange, key) => wiring.budgets.wrap(exchange, key) : undefined);
  const credentials = new CredentialService(repos, coins, deriveKey(masterKey, 'credentials'), (material, ownedApiKey) => gateway.prepare(material, ownedApiKey), caches);
  // Throttle keys hash with the master key, which every server sharing the database has too.
  const throttleGate = new ThrottleGate(repos, deriveKey(masterKey, 'throttle-keys'));
  const passwordAttempts = new PasswordAttempts(throttleGate);
  const auth = new AuthService(repos, new TokenSigner(deriveKey(masterKey, 'jwt')), credentials, revocations, passwordAttempts, Date.now, caches);
  const channelSecrets = new ChannelSecretBox(deriveKey(masterKey, 'alert-channels'));
  const alerts = new AlertDispatcher({
    repos,
    // Each server sends the deliveries it claimed under its node id (one server: 'local').
    nodeId: bus.nodeId,
    openChannel: (row) => channelSecrets.open(row),
    send: createChannelSender({ mailer, fetch: outbound.fetch, ...(alertOptions.timeoutMs ? { timeoutMs: alertOptions.timeoutMs } : {}) }, alertOptions.clock?.now),
    ...(alertOptions.clock ? { clock: alertOptions.clock } : {}),
    ...(alertOptions.policy ? { policy: alertOptions.policy } : {}),
    ...(log ? { log } : {}),
  });
  const incidentRepo = new IncidentRepository(database.db);
  const incidents = new IncidentService(incidentRepo, coins, bus, log, { robots: repos.robots, alerts });
  // Venues out of reach and back, stalled live feeds, keys refused: incidents (issue 18 §1).
  gateway.observe(new VenueWatch(incidents));
  const liquidityRepo = new LiquidityRepository(database.db);
  // The bots quoting to their pair's obligation read it from here (issue 20 §6).
  const pairObligations = new CachedPairObligations((coinId) => liquidityRepo.obligation(coinId));
  const referencePrices = new PublicReferencePrices((symbol, depth) => gateway.referenceBook(symbol, depth), publicVenue);
  const engine = createEngineHost(
    {
      repos,
      // Monitors' alerts and bots stopping themselves become incidents.
      incidents,
      venues: new GatewayVenueSessions(gateway, credentials),
      // Risk-control monitors' notices go to the account's channels as well as the trading log.
      alertDispatcher: alerts,
      pairStop: () => emergencyStop,
      references: referencePrices,
      obligations: pairObligations,
      ...(log ? { log } : {}),
      ...(processMetrics !== undefined ? { processMetrics } : {}),
      ...(cluster ? { cluster: { ...cluster, store: new ClusterRepository(database.db) } } : {}),
    },
    wiring,
  );
  const emergencyStop = new EmergencyStopService(repos, credentials, gateway, engine, Date.now, { incidents, alerts });
  const analysisRepo = new AnalysisRepository(database.db);
  const orderOrigins = new OrderOriginRepository(database.db);
  const analysis = new AnalysisService({ repo: analysisRepo, origins: orderOrigins, coins, credentials, gateway, ...(log ? { log } : {}) });
  const desk = new DeskService({ repo: new DeskRepository(database.db), coins, credentials, gateway, manualFills: analysis, ...(log ? { log } : {}) });
  // Simulator pairs measured where the simulator runs (one server in a cluster: the seat's holder).
  const simLiquiditySources = new SimLiquiditySources({
    venue: () => sim.localVenue,
    simPairs: async () => {
      const platform = await repos.platforms.findByCode(SIM_PLATFORM);
      if (!platform) return [];
      return (await repos.coins.listOnPlatform(platform.id)).filter((c) => c.status === 'enabled').map((c) => ({ id: c.id, symbol: c.coinName }));
    },
    obligations: () => liquidityRepo.obligations(),
    apiKeysOn: async (coinId) => {
      const keys = await Promise.all((await repos.credentials.holdersOf(coinId)).map(async (adminId) => (await credentials.materialOf(adminId, coinId))?.apiKey));
      return [...new Set(keys.filter((k): k is string => k !== undefined))];
    },
  });
  // Live pairs with an obligation or a running bot, from the shared market feed of the pair on this server and the bots'
  // journal; measured by the same one server as the simulator's pairs (the seat's holder), so a minute
  // has one writer.
  const liveLiquiditySources = new LiveLiquiditySources({
    livePairs: async () => {
      if (!sim.localVenue) return [];
      const live = new Set((await repos.platforms.list()).filter((p) => p.code !== SIM_PLATFORM).map((p) => p.id));
      const running = await repos.robots.runningCoinIds();
      return (await repos.coins.listAll()).filter((c) => c.status === 'enabled' && live.has(c.platformId)).map((c) => ({ id: c.id, symbol: c.coinName, botsRunning: running.has(c.id) }));
    },
    obligations: () => liquidityRepo.obligations(),
    marketOf: async (coinId) => {
      for (const adminId of await repos.credentials.holdersOf(coinId)) {
        const material = await credentials.materialOf(adminId, coinId);
        const market = material && (await gateway.liveMarketOf(material).catch(() => undefined));
        if (market?.peekBook) return market;
      }
      return undefined;
    },
    restingOrders: (coinId) => liquidityRepo.restingBotOrders(coinId),
    accountsOf: async (coinId) => {
      const accounts = [];
      for (const adminId of await repos.credentials.holdersOf(coinId)) {
        const material = await credentials.materialOf(adminId, coinId);
        const account = material && (await gateway.liveAccountOf(material).catch(() => undefined));
        if (account) accounts.push(account);
      }
      return accounts;
    },
    ledgerSince: (coinIds, cursor, manualFrom) => liquidityRepo.ledgerSince(coinIds, cursor, manualFrom),
    ...(liquidityOptions.now ? { now: liquidityOptions.now } : {}),
    ...(log ? { log } : {}),
  });
  const liquiditySources = new CombinedLiquiditySources([simLiquiditySources, liveLiquiditySources]);
  const liquidityJobs = new LiquidityJobs(
    new LiquiditySampler(liquiditySources, liquidityRepo, { ...(liquidityOptions.now ? { now: liquidityOptions.now } : {}), ...(log ? { log } : {}) }),
    liquidityRepo,
    { enabled: liquidityOptions.sampling ?? true, ...(liquidityOptions.now ? { now: liquidityOptions.now } : {}), ...(log ? { log } : {}) },
  );
  const liquidity = new LiquidityService({
    repo: liquidityRepo,
    coins,
    ...(liquidityOptions.now ? { now: liquidityOptions.now } : {}),
    onObligationSet: (coinId) => {
      liquidityJobs.sampler.refreshPairs();
      pairObligations.forget(coinId);
    },
  });
  const leases = engine.cluster?.keeper;
  const snapshots = new SnapshotScheduler({
    repo: analysisRepo,
    take: (adminId, coinId, cycleHours) => analysis.takeSnapshot(adminId, coinId, cycleHours),
    ...(log ? { log } : {}),
    ...(snapshotSweepMs !== undefined ? { sweepMs: snapshotSweepMs } : {}),
    // Several servers: one of the live servers reads each account's pair (the others would only find the slot taken).
    ...(leases ? { mine: (adminId: number, coinId: number) => leases.doesWork(`snapshot:${adminId}:${coinId}`) } : {}),
  });
  const obligationWatch = new ObligationWatch({
    repo: liquidityRepo,
    incidents: { latest: (coinId, kinds) => incidentRepo.latestOfKinds(coinId, kinds), recordOnce: (input, kinds, told) => incidents.recordOnce(input, kinds, told) },
    alerts,
    pairName: async (coinId) => (await repos.coins.findById(coinId))?.coinName ?? null,
    recipient: async () => (await repos.admins.findMainAccount())?.id ?? null,
    minutes: liquidityOptions.breachMinutes ?? 5,
    ...(liquidityOptions.now ? { now: liquidityOptions.now } : {}),
    ...(log ? { log } : {}),
    // Several servers: one of the live servers watches (and each breach is told once: the pair's last incident says whether it was).
    ...(leases ? { mine: () => leases.doesWork('obligation-watch') } : {}),
  });
  const retention = new RetentionJob({
    repo: new RetentionRepository(database.db, database.kind),
    settings: retentionSettings,
    ...(retentionSettings.intervalMs !== undefined ? { sweepMs: retentionSettings.intervalMs } : {}),
    pauseMs: 20,
    ...(log ? { log } : {}),
    // Several servers: one of the live servers prunes (a batch's advisory lock keeps two from overlapping anyway).
    ...(leases ? { mine: () => leases.doesWork('retention') } : {}),
  });
  return {
    health: new HealthService(repos, database.kind),
    readiness: new ReadinessService({ pingDatabase: () => repos.database.ping(), simulator: () => sim.reach(), engine: () => engine.phase }),
    gateway,
    orders: new OrderService(coins, credentials, gateway, repos.robots, orderOrigins, log),
    sim,
    simClusterKey: deriveKey(masterKey, 'cluster-sim'),
    simKeys,
    auth,
    revocations,
    caches,
    bus,
    credentials,
    admins: new AdminService(repos, revocations, passwordAttempts, emergencyStop, caches),
    passwordReset: new PasswordResetService(repos, mailer, deriveKey(masterKey, 'reset-code'), revocations, throttleGate, log ? { log } : {}, caches),
    coins,
    pairAdmin,
    tradingLogs: new TradingLogService(repos, coins),
    notifications: new NotificationService(sim),
    robots: new RobotService(repos, coins, credentials, gateway, engine, Date.now, undefined, incidents),
    referencePrices,
    alerts,
    alertChannels: new AlertService(repos, coins, channelSecrets, alerts, outbound.guard, alertOptions.testWaitMs),
    analysis,
    desk,
    liquidity,
    liquidityJobs,
    obligationWatch,
    incidents,
    snapshots,
    retention,
    emergencyStop,
    engine,
    config: { webDist, metricsToken },
  };
}
