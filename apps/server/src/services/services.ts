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

export interface Services {
  database: Database;
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
}

export function createServices({ database, masterKey, mailer, webDist }: ServiceDeps): Services {
  const { db } = database;
  const coins = new CoinService(db);
  const credentials = new CredentialService(db, coins, deriveKey(masterKey, 'credentials'));
  const auth = new AuthService(db, new TokenSigner(deriveKey(masterKey, 'jwt')), credentials);
  return {
    database,
    auth,
    credentials,
    admins: new AdminService(db, auth),
    passwordReset: new PasswordResetService(db, mailer, auth, deriveKey(masterKey, 'reset-code')),
    coins,
    tradingLogs: new TradingLogService(db),
    config: { webDist },
  };
}
