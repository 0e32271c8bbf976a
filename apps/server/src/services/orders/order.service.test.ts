import { ExchangeError, type Exchange } from '@makerdesk/exchange';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coins, platforms } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** What a venue says when it refuses a key, raw: never shown to the caller as it is. */
const VENUE_REFUSAL = 'binance {"code":-2015,"msg":"Invalid API-key, IP, or permissions for action."}';

let t: TestApp;
let token: string;
let refusedCoinId: number;

beforeAll(async () => {
  t = await createTestApp({
    liveExchange: async () =>
      ({
        fetchBalances: async () => {
          throw new ExchangeError('invalid_key', VENUE_REFUSAL);
        },
        close: async () => undefined,
      }) as unknown as Exchange,
  });
  token = await t.login();
  const db = t.database.db;
  const [binance] = await db.select().from(platforms).where(eq(platforms.code, 'binance'));
  const [coin] = await db.insert(coins).values({ coinName: 'ETH/USDT', platformId: binance!.id }).returning();
  refusedCoinId = coin!.id;
  const keys = [
    { platformId: 1, apiKey: 'verify-unbound-key', secretKey: 'verify-secret-1', coinId: 1 },
    { platformId: 1, apiKey: 'verify-bound-key', secretKey: 'verify-secret-2', coinId: 2, hosts: ['203.0.113.7'] },
    { platformId: binance!.id, apiKey: 'verify-refused-key', secretKey: 'verify-secret-3', coinId: refusedCoinId },
  ];
  for (const body of keys) expect((await t.call('POST', '/backend/credentials/add', { token, body })).body.code).toBe(200);
});
afterAll(() => t.close());

const verify = async (coinId: number, lang: 'en_US' | 'zh_CN') => (await t.call('POST', '/backend/order/apiVerify', { token, lang, body: { coinId } })).body.data;

describe('POST /order/apiVerify says what it found in the caller’s language', () => {
  it('a working key without a bound IP: verified, with the advice to bind one', async () => {
    expect(await verify(1, 'en_US')).toMatchObject({ valid: true, hostsBound: false, message: 'API key verified; bind an IP address to this key at the exchange' });
    expect(await verify(1, 'zh_CN')).toMatchObject({ valid: true, hostsBound: false, message: 'API Key验证通过；请在交易所为该Key绑定IP地址' });
  });

  it('a working key with a bound IP: verified', async () => {
    expect(await verify(2, 'en_US')).toMatchObject({ valid: true, hostsBound: true, message: 'API key verified' });
    expect(await verify(2, 'zh_CN')).toMatchObject({ valid: true, hostsBound: true, message: 'API Key验证通过' });
  });

  it('a key the venue refuses: the catalogue’s words, never the venue’s raw answer', async () => {
    expect(await verify(refusedCoinId, 'en_US')).toMatchObject({ valid: false, canRead: false, message: 'Invalid API key' });
    const zh = await verify(refusedCoinId, 'zh_CN');
    expect(zh).toMatchObject({ valid: false, canRead: false, message: 'API Key无效' });
    expect(JSON.stringify(zh)).not.toContain('-2015');
  });
});
