import { type Exchange } from '@makerdesk/exchange';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coins, platforms } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { stopServices } from './services.ts';

/** What happened at shutdown, in order. */
const steps: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    liveExchange: async () =>
      ({
        fetchBalances: async () => [],
        close: async () => void steps.push('live venue closed'),
      }) as unknown as Exchange,
  });
  const token = await t.login();
  const db = t.database.db;
  const [binance] = await db.select().from(platforms).where(eq(platforms.code, 'binance'));
  const [coin] = await db.insert(coins).values({ coinName: 'BTC/USDT', platformId: binance!.id }).returning();
  const body = { platformId: binance!.id, apiKey: 'shutdown-key', secretKey: 'shutdown-secret', coinId: coin!.id };
  expect((await t.call('POST', '/backend/credentials/add', { token, body })).body.code).toBe(200);
  // The check opens the key's live venue through the exchange gateway.
  expect((await t.call('POST', '/backend/order/apiVerify', { token, body: { coinId: coin!.id } })).body.data.valid).toBe(true);
});
afterAll(() => t.close());

describe('stopServices', () => {
  it('closes the live venues the gateway opened, once, after the engine has stopped', async () => {
    const shutdown = t.services.engine.shutdown.bind(t.services.engine);
    vi.spyOn(t.services.engine, 'shutdown').mockImplementation(async () => {
      await shutdown();
      steps.push('engine stopped');
    });
    const log = { error: vi.fn() };
    await stopServices(t.services, log);
    expect(steps).toEqual(['engine stopped', 'live venue closed']);
    expect(log.error).not.toHaveBeenCalled();
  });
});
