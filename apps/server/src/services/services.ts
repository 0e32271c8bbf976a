import { ExchangeError } from '@makerdesk/exchange';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { OrderService } from '../orders/order.service.ts';
import { createRepositories } from '../repositories/repositories.ts';
import { deriveKey } from '../security/master-key.ts';
import { TokenSigner } from '../security/tokens.ts';
import { ExchangeGateway, type LiveExchangeFactory } from '../venues/exchange-gateway.ts';
import type { SimHost } from '../venues/sim-host.ts';
import { SimKeyStore } from '../venues/sim-key-store.ts';
import { AdminService } from './admin.service.ts';
import { AuthService } from './auth.service.ts';
import { CoinService } from './coin.service.ts';
import { CredentialService } from './credential.service.ts';
import { HealthService } from './health.service.ts';
import { NotificationService } from './notification.service.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { RobotService } from './robot.service.ts';
import { EmergencyStopService } from './emergency-stop.service.ts';
import { TradingLogService } from './trading-log.service.ts';
import { createEngineHost, type EngineHost, type EngineWiring } from '../engine/engine-host.ts';
import { PublicReferencePrices, type PublicVenueFactory } from '../venues/reference-prices.ts';
import { GatewayVenueSessions } from '../venues/venue-sessions.ts';

/** What routes reach: services only; the database stays behind the repositories they were given. */
export interface Services {
  health: HealthService;
  gateway: ExchangeGateway;
  orders: OrderService;
  simHost: SimHost;
  simKeys: SimKeyStore;
  auth: AuthService;
  admins: AdminService;
  passwordReset: PasswordResetService;
  coins: CoinService;
  credentials: CredentialService;
  tradingLogs: TradingLogService;
  notifications: NotificationService;
  robots: RobotService;
  /** The pair-wide emergency stop: the stop button's call, and `emergencyStop(coinId, cause)` for the monitors. */
  emergencyStop: EmergencyStopService;
  /** The bot engine inside the server: main.ts starts it after the simulator host and shuts it down before. */
  engine: EngineHost;
  config: Pick<Config, 'webDist' | 'metricsToken'>;
}

export interface ServiceDeps {
  database: Database;
  masterKey: Buffer;
  mailer: Mailer;
  webDist: string;
  simHost: SimHost;
  /** Opens live venues (ccxt); without it, live keys are refused with a clear error. */
  liveExchange?: LiveExchangeFactory;
  /** The bot engine (its factory, strategies and rate budgets); without it bots are saved but do not run. */
  engine?: EngineWiring;
  /** Opens public market data of a platform for follow bots' references; ccxt without keys by default. */
  publicVenue?: PublicVenueFactory;
  /** A static bearer token that also opens /backend/metrics to other hosts (else loopback only). */
  metricsToken?: string | undefined;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** Process metrics (memory, CPU, event loop) in /backend/metrics; main.ts turns them on. */
  processMetrics?: boolean;
}

const noLiveVenues: LiveExchangeFactory = async (material) => {
  throw new ExchangeError('venue_error', `Live venue ${material.platformCode} is not available in this build`);
};

export function createServices({ database, masterKey, mailer, webDist, simHost, liveExchange, engine: wiring, publicVenue, metricsToken, log, processMetrics }: ServiceDeps): Services {
  const repos = createRepositories(database.db);
  const coins = new CoinService(repos);
  const simKeys = new SimKeyStore(repos, deriveKey(masterKey, 'sim-keys'));
  const gateway = new ExchangeGateway(simHost, simKeys, liveExchange ?? noLiveVenues, wiring ? (exchange, key) => wiring.budgets.wrap(exchange, key) : undefined);
  const credentials = new CredentialService(repos, coins, deriveKey(masterKey, 'credentials'), (material, ownedApiKey) => gateway.prepare(material, ownedApiKey));
  const auth = new AuthService(repos, new TokenSigner(deriveKey(masterKey, 'jwt')), credentials);
  const engine = createEngineHost(
    {
      repos,
      venues: new GatewayVenueSessions(gateway, credentials),
      references: new PublicReferencePrices((symbol, depth) => gateway.referenceBook(symbol, depth), publicVenue),
      ...(log ? { log } : {}),
      ...(processMetrics !== undefined ? { processMetrics } : {}),
    },
    wiring,
  );
  return {
    health: new HealthService(repos, database.kind),
    gateway,
    orders: new OrderService(coins, credentials, gateway),
    simHost,
    simKeys,
    auth,
    credentials,
    admins: new AdminService(repos),
    passwordReset: new PasswordResetService(repos, mailer, deriveKey(masterKey, 'reset-code')),
    coins,
    tradingLogs: new TradingLogService(repos, coins),
    notifications: new NotificationService(simHost),
    robots: new RobotService(repos, coins, credentials, gateway, engine),
    emergencyStop: new EmergencyStopService(repos, credentials, gateway, engine),
    engine,
    config: { webDist, metricsToken },
  };
}
