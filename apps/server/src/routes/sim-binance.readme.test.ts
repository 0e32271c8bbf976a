/**
 * The README's ccxt snippet, run as written against the server: a key imported in the console for
 * the simulator, then ccxt's real `binance` class with exactly the README's configuration. Only the
 * server's address and the key's placeholders are filled in.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, platforms } from '../db/schema.ts';
import { importKey } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const README = new URL('../../../../README.md', import.meta.url);
const README_ORIGIN = 'http://127.0.0.1:8080';
const API_KEY = 'readme-sim-key';
const SECRET = 'readme-sim-secret';

/** The README's fenced block that builds ccxt's binance, without its import line (ccxt is passed in). */
function readmeSnippet(): string {
  const blocks = [...readFileSync(README, 'utf8').matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const snippet = blocks.find((block) => block.includes('new ccxt.binance('));
  if (!snippet) throw new Error('README has no ```js block with new ccxt.binance(');
  return snippet.replace("import ccxt from 'ccxt';\n", '');
}

function fillIn(snippet: string, values: Record<string, string>): string {
  let filled = snippet;
  for (const [placeholder, value] of Object.entries(values)) {
    expect(filled.split(placeholder), `README snippet has ${placeholder} once`).toHaveLength(2);
    filled = filled.replace(placeholder, value);
  }
  return filled;
}

const AsyncFunction = (async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<unknown>;

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (let i = 0; i < 15; i++) t.services.sim.localHost.venue.step();

  // Imported the way the console does it: the simulator's platform and one of its seeded pairs.
  const db = t.database.db;
  const [sim] = await db.select().from(platforms).where(eq(platforms.code, 'sim'));
  const [pair] = await db.select().from(coins).where(and(eq(coins.platformId, sim!.id), eq(coins.coinName, 'BTC/USDT')));
  const token = await t.login();
  await importKey(t, token, { platformId: sim!.id, coinId: pair!.id, apiKey: API_KEY, secretKey: SECRET });
});
afterAll(() => t.close());

describe('the README’s ccxt snippet', () => {
  it('loads markets, reads the balance, places, lists and cancels an order, all on this server', async () => {
    const fetched: string[] = [];
    /** ccxt's own binance class, noting every URL it requests. */
    class RecordingBinance extends ccxt.binance {
      override async fetch(url: string, method?: string, headers?: unknown, body?: unknown) {
        fetched.push(url);
        return super.fetch(url, method, headers, body);
      }
    }
    const logged: unknown[] = [];
    const run = new AsyncFunction('ccxt', 'console', `${fillIn(readmeSnippet(), { [README_ORIGIN]: origin, YOUR_API_KEY: API_KEY, YOUR_SECRET: SECRET })}\nreturn binance;`);
    const binance = (await run({ binance: RecordingBinance }, { log: (value: unknown) => logged.push(value) })) as InstanceType<typeof RecordingBinance>;

    expect(binance.apiKey).toBe(API_KEY);
    expect(Object.keys(binance.markets ?? {}).sort()).toEqual(t.services.sim.localHost.venue.markets().map((m) => m.symbol).sort());
    const [total, open] = logged as [Record<string, number>, { id: string; price: number; amount: number; status: string }[]];
    expect(total).toMatchObject({ USDT: 100000, BTC: 2 });
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ price: 30000, amount: 0.001, status: 'open' });
    const account = t.services.sim.localHost.venue.account(API_KEY);
    expect(await account.fetchOpenOrders('BTC/USDT')).toEqual([]);
    expect((await account.fetchClosedOrders('BTC/USDT')).map((o) => [o.orderNo, o.status])).toEqual([[open[0]!.id, 'canceled']]);

    // Markets, coins and margin pairs, balance, place, list, cancel: nothing left this server.
    const paths = fetched.map((url) => new URL(url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/sim/binance/sapi/v1/capital/config/getall', '/sim/binance/api/v3/exchangeInfo', '/sim/binance/api/v3/account', '/sim/binance/api/v3/order', '/sim/binance/api/v3/openOrders']));
    expect(fetched.every((url) => url.startsWith(`${origin}/sim/binance/`))).toBe(true);
  });
});
