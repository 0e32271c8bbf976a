/**
 * A whole server listening on 127.0.0.1 with its simulator's Binance API, and keys imported in the
 * console for it: what the tests that drive that API with real Binance clients (ccxt, ccxt.pro,
 * Binance's connector) share.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { coins, platforms } from '../db/schema.ts';
import { importKey as importKeyAs, signUp } from './accounts.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export interface SimBinanceServer {
  t: TestApp;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The API's root: `<origin>/sim/binance`. */
  sim: string;
  /** The same root for WebSockets: `ws://127.0.0.1:<port>/sim/binance`. */
  wsRoot: string;
  /**
   * Imports a simulator key in the console for `pair` (a unified symbol), bound to `hosts`; by the
   * admin (a main account: every pair), or by a new account restricted to the pairs `restrictedTo`.
   */
  importKey(apiKey: string, secret: string, pair: string, options?: { hosts?: string[]; restrictedTo?: string[] }): Promise<void>;
  /** Background market ticks, by hand. */
  step(times?: number): void;
}

export async function startSimBinanceServer(options: Pick<TestAppOptions, 'simBinanceStreams' | 'liveExchange' | 'outboundAllow' | 'engine' | 'database'> = {}): Promise<SimBinanceServer> {
  const web = mkdtempSync(join(tmpdir(), 'md-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>MakerDesk</title>');
  const t = await createTestApp({ webDist: web, ...options });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const step = (times = 1) => {
    for (let i = 0; i < times; i++) t.services.sim.localHost.venue.step();
  };
  step(20);
  const token = await t.login();
  const db = t.database.db;
  const [platform] = await db.select().from(platforms).where(eq(platforms.code, 'sim'));
  const coinId = async (symbol: string) => {
    const [pair] = await db.select().from(coins).where(and(eq(coins.platformId, platform!.id), eq(coins.coinName, symbol)));
    return pair!.id;
  };
  const importKey: SimBinanceServer['importKey'] = async (apiKey, secret, pair, { hosts = [], restrictedTo } = {}) => {
    const owner = restrictedTo ? (await signUp(t, token, `${apiKey}@desk.io`, { coinIds: await Promise.all(restrictedTo.map(coinId)) })).token : token;
    await importKeyAs(t, owner, { platformId: platform!.id, coinId: await coinId(pair), apiKey, secretKey: secret, hosts });
  };
  return { t, origin, sim: `${origin}/sim/binance`, wsRoot: `ws://127.0.0.1:${port}/sim/binance`, importKey, step };
}
