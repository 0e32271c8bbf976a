import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { createRepositories } from '../repositories/repositories.ts';
import { generatePassword, hashPassword } from '../security/passwords.ts';
import type { Db } from '../db/client.ts';

export const SEED_ADMIN_ACCOUNT = 'admin@makerdesk.local';

/** `sim` is the built-in simulated exchange; the rest are ccxt ids of live venues. */
export const seedPlatforms = [
  { code: 'sim', name: 'MakerDesk Simulator' },
  { code: 'binance', name: 'Binance' },
  { code: 'okx', name: 'OKX' },
  { code: 'bybit', name: 'Bybit' },
  { code: 'gate', name: 'Gate' },
  { code: 'kucoin', name: 'KuCoin' },
  { code: 'mexc', name: 'MEXC' },
  { code: 'bitget', name: 'Bitget' },
  { code: 'htx', name: 'HTX' },
];

export const seedSimPairs = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'MDK/USDT'];

export interface SeedResult {
  /** Set only when this start created the main account with a generated password. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

/** Idempotent: platforms and demo pairs by natural key, the main account only when none exists. */
export async function seed(db: Db, adminPassword: string | undefined): Promise<SeedResult> {
  const { platforms, coins, admins } = createRepositories(db);
  await platforms.insertMissing(seedPlatforms);
  const sim = await platforms.findByCode('sim');
  if (sim) await coins.insertMissing(sim.id, seedSimPairs);
  if (await admins.findMainAccount()) return { adminCreated: false };
  const password = adminPassword ?? generatePassword();
  const inserted = await admins.insert({
    account: SEED_ADMIN_ACCOUNT,
    passwordHash: await hashPassword(password),
    role: 'operator',
    employeeName: 'Administrator',
    mainAccountId: MAIN_ACCOUNT,
  });
  if (!inserted) return { adminCreated: false };
  return adminPassword ? { adminCreated: true } : { adminCreated: true, generatedAdminPassword: password };
}
