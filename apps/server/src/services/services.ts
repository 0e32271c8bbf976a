import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { deriveKey } from '../security/master-key.ts';
import { TokenSigner } from '../security/tokens.ts';
import { AdminService } from './admin.service.ts';
import { AuthService } from './auth.service.ts';
import { CoinService } from './coin.service.ts';
import { CredentialService } from './credential.service.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { TradingLogService } from './trading-log.service.ts';
import { ExchangeError } from '@makerdesk/exchange';
import { OrderService } from '../orders/order.service.ts';
import { ExchangeGateway, type LiveExchangeFactory } from '../venues/exchange-gateway.ts';
import type { SimHost } from '../venues/sim-host.ts';
import { SimKeyStore } from '../venues/sim-key-store.ts';

export interface Services {
  database: Database;
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
  config: Pick<Config, 'webDist'>;
}

export interface ServiceDeps {
  database: Database;
  masterKey: Buffer;
  mailer: Mailer;
  webDist: string;
  simHost: SimHost;
  /** Opens live venues (ccxt); without it, live keys are refused with a clear error. */
  liveExchange?: LiveExchangeFactory;
}

const noLiveVenues: LiveExchangeFactory = async (material) => {
  throw new ExchangeError('venue_error', `Live venue ${material.platformCode} is not available in this build`);
};

export function createServices({ database, masterKey, mailer, webDist, simHost, liveExchange }: ServiceDeps): Services {
  const { db } = database;
  const coins = new CoinService(db);
  const simKeys = new SimKeyStore(db, deriveKey(masterKey, 'sim-keys'));
  const gateway = new ExchangeGateway(simHost, simKeys, liveExchange ?? noLiveVenues);
  const credentials = new CredentialService(db, coins, deriveKey(masterKey, 'credentials'), (material, ownedApiKey) => gateway.prepare(material, ownedApiKey));
  const auth = new AuthService(db, new TokenSigner(deriveKey(masterKey, 'jwt')), credentials);
  return {
    database,
    gateway,
    orders: new OrderService(coins, credentials, gateway),
    simHost,
    simKeys,
    auth,
    credentials,
    admins: new AdminService(db, auth),
    passwordReset: new PasswordResetService(db, mailer, auth, deriveKey(masterKey, 'reset-code')),
    coins,
    tradingLogs: new TradingLogService(db),
    config: { webDist },
  };
}
