import { randomUUID } from 'node:crypto';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import pino from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import { advertiseUrl, ConfigError, loadConfig } from './config.ts';
import { LocalClusterBus, type ClusterBus } from './bus/cluster-bus.ts';
import { openDatabase } from './db/client.ts';
import { openPgClusterBus } from './cluster/pg-cluster-bus.ts';
import { listenBackupControl, type BackupControl } from './backup/control-socket.ts';
import { writeHotBackup } from './backup/hot-backup.ts';
import { PgliteCheckpoints } from './db/pglite-checkpoints.ts';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/data-dir-lock.ts';
import { DatabaseFromNewerVersionError } from './db/migration-guard.ts';
import { seed, SEED_ADMIN_ACCOUNT } from './services/seed.ts';
import { logOutboxMailer, smtpMailer } from './mail/mailer.ts';
import { checkMasterKey, deriveKey, loadMasterKey, MasterKeyError } from './security/master-key.ts';
import type { EngineWiring } from './engine/engine-host.ts';
import { createServices, stopServices, type Services } from './services/services.ts';
import { drainThenStop } from './services/drain.ts';
import { openLiveExchange } from './venues/live-exchange.ts';
import { outboundHttp } from './outbound/guarded-http.ts';
import { guardedSocketAgents } from './outbound/guarded-socket-agent.ts';
import { OutboundGuard } from './outbound/outbound-guard.ts';
import { simVenueFactory } from './venues/sim-factory.ts';
import { MasterKeyCheckRepository } from './repositories/master-key-check.repository.ts';
import { SimStateRepository } from './repositories/sim-state.repository.ts';
import { SimHost } from './venues/sim-host.ts';
import { SimSeat } from './venues/sim-seat.ts';

/**
 * `engine`: the bot engine to run (@makerdesk/engine's createBotEngine, its strategy registry and
 * the rate budgets the exchange gateway shares with it); without it bots are saved and shown idle.
 */
async function main(engine?: EngineWiring): Promise<void> {
  const config = loadConfig();
  const logger = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  // How the servers sharing a PostgreSQL database tell each other what happened, and this start's
  // node id (cluster_nodes.id): a PgClusterBus under a random id, opened below. On PGlite (one server
  // per folder) this process alone, under a fixed id, so a restart after a crash finds its own claims.
  let bus: ClusterBus = new LocalClusterBus('local');
  let seat: SimSeat | undefined;
  let services: Services | undefined;
  let control: BackupControl | undefined;
  let checkpoints: PgliteCheckpoints | undefined;
  // The order matters: no more requests, then the services (the engine's orders cancelled while the
  // venues still answer, then the live venues' connections), then the simulator's last snapshot, then the database.
  const shutdown = async (app?: { close(): Promise<unknown> }) => {
    await app?.close().catch(() => undefined);
    await control?.close().catch(() => undefined);
    if (services) await stopServices(services, logger);
    await seat?.close().catch(() => undefined);
    await checkpoints?.stop();
    // The last revocations and invalidations go out; then its two connections end.
    await bus.close().catch((err: unknown) => logger.error({ err }, 'cluster bus shutdown failed'));
    await database.close().catch(() => undefined);
    lock?.release();
  };
  try {
    await database.migrate();
    // `npm run backup` asks this server, which holds the folder's lock, over a socket in the folder.
    const pglite = database.pglite;
    if (pglite) {
      // PGlite has no checkpointer: without these its pg_wal grows towards a gigabyte (db/pglite-checkpoints.ts).
      const timed = new PgliteCheckpoints({ checkpoint: () => pglite.client.query('checkpoint'), onError: (err) => logger.error({ err }, 'PGlite checkpoint failed') });
      checkpoints = timed;
      timed.start();
      control = await listenBackupControl(config.dataDir, (sink) => timed.holding(() => writeHotBackup(pglite.client, pglite.pgdata, sink)), logger);
    }
    const masterKey = loadMasterKey(config.masterKey, config.dataDir);
    await checkMasterKey(new MasterKeyCheckRepository(database.db), masterKey);
    const seeded = await seed(database.db, config.adminPassword);
    const mailer = config.smtpUrl ? await smtpMailer(config.smtpUrl, config.smtpFrom) : logOutboxMailer(logger);
    if (config.databaseUrl) bus = await openPgClusterBus(config.databaseUrl, randomUUID(), logger);
    // One server on the database runs the simulator (its claim); the others reach it there, and
    // the first to claim it after the holder stops opens it from the journal.
    seat = await SimSeat.start({
      database,
      nodeId: bus.nodeId,
      bus,
      key: deriveKey(masterKey, 'cluster-sim'),
      open: () => SimHost.open(new SimStateRepository(database.db), { create: simVenueFactory(config.simSeed) }, logger),
      onLost: (err) => {
        // The advisory lock ended with its connection, so another server may now open the simulator
        // on this database. Two simulators writing one journal would corrupt it; this process stops
        // as a crash would (everything acknowledged is journaled already) and its supervisor restarts it.
        logger.fatal({ err: err.message }, 'lost the simulator claim (its database connection ended); stopping');
        process.exit(1);
      },
      log: logger,
    });
    // Every call the server makes for its users goes through one guard: alerts and custom venue URLs.
    const outbound = outboundHttp(new OutboundGuard({ allow: config.outboundAllow }));
    if (config.outboundAllow.entries.length > 0) logger.info({ allowed: config.outboundAllow.entries }, 'outbound calls may also reach these non-public destinations');
    services = createServices({
      database,
      masterKey,
      mailer,
      webDist: config.webDist,
      sim: seat.access,
      liveExchange: openLiveExchange(outbound.fetch, guardedSocketAgents(outbound.guard)),
      outbound,
      ...(engine ? { engine } : {}),
      metricsToken: config.metricsToken,
      liquidity: { sampling: config.liquiditySampling, breachMinutes: config.obligationBreachMinutes },
      log: logger,
      processMetrics: true,
      alerts: { policy: config.alerts },
      retention: config.retention,
      bus,
      // On PostgreSQL any number of servers share the bots, each running those it holds the lease of.
      // PGlite is one server per folder: it runs every bot, as it always has.
      ...(config.databaseUrl ? { cluster: { bus, url: advertiseUrl(config, config.port) } } : {}),
    });
    const cluster = services.engine.cluster;
    if (cluster) liveServers = () => cluster.keeper.liveNodes;
    // Keys imported before credentials named their key: the simulator's facade answers a key only once it knows who holds it.
    const indexed = await services.credentials.indexKeyHashes();
    if (indexed > 0) logger.info({ indexed }, 'named the holders of keys imported before this version');
    // The server that runs the simulator opens the pairs it lacks: at start, or once it has taken it over.
    const pairAdmin = services.pairAdmin;
    const reopen = async () => {
      for (const { symbol, reason } of await pairAdmin.reopenSimMarkets()) logger.error({ symbol, reason }, 'a simulator pair of the coins table could not be opened');
    };
    if (seat.isHolder) await reopen();
    else seat.onTakeover(() => void reopen().catch((err: unknown) => logger.error({ err }, 'reopening the simulator pairs failed')));
    const app = await buildApp(services, { loggerInstance: logger, trustedProxies: config.trustedProxies, simBinanceLimits: config.simBinanceLimits });
    // After the simulator host: resumed bots reconcile against a venue that is already up.
    await services.engine.start();
    await services.alerts.start();
    services.snapshots.start();
    services.retention.start();
    services.liquidityJobs.start();
    // Judged on the sampler's rows: without sampling every minute would read as down.
    if (config.liquiditySampling) services.obligationWatch.start();
    // SIGTERM/SIGINT: the readiness probe answers 503 at once, the server keeps serving for the drain
    // period (MAKERDESK_DRAIN_MS) while load balancers take it out of rotation, then shuts down. Once
    // it shuts down the handlers are gone: a further signal ends the process the default way.
    const stopSignals = ['SIGINT', 'SIGTERM'] as const;
    const readiness = services.readiness;
    const drain = drainThenStop({
      drainMs: config.drainMs,
      markDraining: () => readiness.drain(),
      stop: () => {
        for (const signal of stopSignals) process.off(signal, onStopSignal);
        return shutdown(app);
      },
      log: (message, fields) => logger.info(fields, message),
    });
    function onStopSignal(signal: NodeJS.Signals) {
      void drain.signal(signal).then(() => process.exit(0));
    }
    for (const signal of stopSignals) process.on(signal, onStopSignal);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = advertiseUrl(config, port);
    cluster?.keeper.useUrl(url);
    await seat.advertise(url);
    if (seeded.generatedAdminPassword) {
      // Printed once, on the start that created the account; it is not stored anywhere in clear.
      process.stdout.write(
        `\n  Main account created: ${SEED_ADMIN_ACCOUNT}\n  Initial password:     ${seeded.generatedAdminPassword}\n  Change it after the first sign-in.\n\n`,
      );
    }
    process.stdout.write(`MakerDesk console: http://${config.host}:${port}/ (database: ${database.kind})\n`);
  } catch (err) {
    await shutdown();
    throw err;
  }
}

/** Live servers sharing the database, as the bot leases last counted them (1 on PGlite). */
let liveServers = (): number => 1;

// A live venue key's budget is shared out among the servers: together they stay within its limit.
// The simulator (`sim` budget keys) is ours and in-process: every server keeps its whole budget.
const budgets = createRateBudgets({ shareOf: (budgetKey) => (budgetKey.startsWith('sim') ? 1 : 1 / liveServers()) });

main({ create: createBotEngine, strategies: strategyRegistry, budgets }).catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof MasterKeyError || err instanceof DatabaseFromNewerVersionError;
  process.stderr.write(`MakerDesk could not start: ${known ? (err as Error).message : String((err as Error)?.stack ?? err)}\n`);
  process.exit(1);
});
