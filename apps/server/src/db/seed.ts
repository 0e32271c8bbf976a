import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { eq } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../security/passwords.ts';
import type { Db } from './client.ts';
import { admins, coins, platforms } from './schema.ts';

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
  await db.insert(platforms).values(seedPlatforms).onConflictDoNothing({ target: platforms.code });
  const [sim] = await db.select().from(platforms).where(eq(platforms.code, 'sim'));
  if (sim) {
    await db
      .insert(coins)
      .values(seedSimPairs.map((coinName) => ({ coinName, platformId: sim.id })))
      .onConflictDoNothing();
  }
  const [main] = await db.select({ id: admins.id }).from(admins).where(eq(admins.mainAccountId, MAIN_ACCOUNT)).limit(1);
  if (main) return { adminCreated: false };
  const password = adminPassword ?? generatePassword();
  const inserted = await db
    .insert(admins)
    .values({
      account: SEED_ADMIN_ACCOUNT,
      passwordHash: await hashPassword(password),
      role: 'operator',
      employeeName: 'Administrator',
      mainAccountId: MAIN_ACCOUNT,
    })
    .onConflictDoNothing({ target: admins.account })
    .returning({ id: admins.id });
  if (inserted.length === 0) return { adminCreated: false };
  return adminPassword ? { adminCreated: true } : { adminCreated: true, generatedAdminPassword: password };
}
