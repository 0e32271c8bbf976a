import { add, compare } from '@makerdesk/decimal';
import { renderServerText } from '@makerdesk/contract';
import { createBotEngine, createRateBudgets, spreadBps, strategyRegistry } from '@makerdesk/engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tradingLogs } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Issue 18 §5: what each bot is doing and why, live on /robot/list, and the trading log in the reader's language. */
let t: TestApp;
let token: string;

interface Row {
  id: number;
  coinName: string;
  runtime: {
    activity: string;
    quote: { bid: string | null; ask: string | null; spreadBps: string | null };
    inventory: { base: string | null; share: string | null; target: string | null };
    lastAction: { at: number; kind: string; reason: { key: string; params: Record<string, string | number> } } | null;
    lastHour: { orders: number; cancels: number; fills: number; orderToFill: string | null };
    perMinute: { placements: string | null; cancels: string | null; windowSec: number };
    errors: { count: number };
  };
}
interface Log {
  robotId: number | null;
  message: string;
}

beforeAll(async () => {
  t = await createTestApp({ engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() } });
  token = await t.login();
  await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: 'runtime-key', secretKey: 'runtime-secret', coinId: 1 } });
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
  await t.services.engine.start();
});
afterAll(() => t.close());

const list = async () => (await t.call('GET', '/backend/robot/list?coinId=1', { token })).body.data as Row[];
const logs = async (robotId: number, lang: string) => {
  await t.services.engine.logs.flush();
  return (await t.call('GET', `/backend/tradingLog/list?coinId=1&robotId=${robotId}&pageSize=100`, { token, headers: { lang } })).body.data.list as Log[];
};

describe('bot runtime on /robot/list', () => {
  let id: number;
  let symbol: string;

  it('a running depth near bot on the simulator carries its quote, spread in bps, inventory against its target, last action and last hour', async () => {
    const defaults = (await t.call('GET', '/backend/robot/init/list?coinId=1', { token })).body.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
    const config = { ...defaults, intervalMin: 1, intervalMax: 2, options: { inventoryTarget: '0.5', inventoryRange: '0.2' } };
    const saved = await t.call('PUT', '/backend/robot/update', { token, body: { coinId: 1, type: 'depth_near', config, status: 'running', startMode: 'now', priceMode: 'normal' } });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200 });
    id = saved.body.data.id as number;
    const row = async () => (await list()).find((r) => r.id === id)!;
    await vi.waitFor(async () => expect((await row()).runtime.quote.ask).not.toBeNull(), { timeout: 15_000, interval: 250 });
    const { runtime, coinName } = await row();
    symbol = coinName;
    const { bid, ask } = runtime.quote;
    expect(bid).not.toBeNull();
    expect(Number(bid)).toBeLessThan(Number(ask));
    // The spread is the decimal figure of the bot's own best bid and ask.
    expect(runtime.quote.spreadBps).toBe(spreadBps(bid, ask));
    expect(Number(runtime.quote.spreadBps)).toBeGreaterThan(0);
    // The bot's own best bid is among its resting orders on the venue.
    const detail = (await t.call('GET', `/backend/robot/detail/${id}`, { token })).body.data as { openOrders: { price: string; direction: string }[]; recentOrders: { side: string; price: string; state: string }[] };
    expect(detail.openOrders.filter((o) => o.direction === 'buy').map((o) => Number(o.price))).toContain(Number(bid));
    expect(detail.recentOrders.length).toBeGreaterThan(0);
    expect(detail.recentOrders.some((o) => o.state === 'open')).toBe(true);
    expect(runtime.inventory.target).toBe('0.5');
    expect(runtime.inventory.base).not.toBeNull();
    expect(runtime.lastHour.orders).toBeGreaterThanOrEqual(detail.openOrders.length);
    // Churn per minute (issue 19): the run is under a minute old, so a minute's worth of what it did.
    expect(runtime.perMinute.windowSec).toBe(600);
    expect(runtime.perMinute.placements).toBe(String(runtime.lastHour.orders));
    expect(runtime.perMinute.cancels).toBe(String(runtime.lastHour.cancels));
    expect(runtime.lastAction).not.toBeNull();
    expect(['placed', 'requoted', 'started', 'cancelled', 'guarded']).toContain(runtime.lastAction!.kind);
    expect(renderServerText(runtime.lastAction!.reason, 'zh_CN')).not.toBe(renderServerText(runtime.lastAction!.reason, 'en_US'));
  }, 30_000);

  it('a fill of the bot writes a fill line with side, price, amount and fee in their units; the order-to-fill ratio follows', async () => {
    const venue = t.services.sim.localHost.venue;
    const [base, quote] = symbol.split('/') as [string, string];
    await venue.openAccount('runtime-taker');
    await venue.deposit('runtime-taker', quote, '10000000');
    await venue.deposit('runtime-taker', base, '1000');
    const ask = (await list()).find((r) => r.id === id)!.runtime.quote.ask!;
    // Another account buys everything up to the bot's best ask: the bot's ask fills.
    const taker = venue.account('runtime-taker');
    const book = await taker.fetchOrderBook(symbol, 100);
    const upTo = book.asks.filter(([p]) => compare(p, ask) <= 0).reduce((sum, [, size]) => add(sum, size), '0');
    await taker.placeOrder({ symbol, direction: 'buy', tradeType: 'limit', price: ask, amount: upTo, timeInForce: 'IOC', clientOrderId: 'taker-1' });
    await vi.waitFor(
      async () => {
        const lines = (await logs(id, 'en_US')).map((l) => l.message);
        expect(lines.some((m) => m.startsWith('Sold ') && m.includes(` ${base} at `) && m.includes(` ${quote}, fee `))).toBe(true);
      },
      { timeout: 15_000, interval: 250 },
    );
    const en = (await logs(id, 'en_US')).find((l) => l.message.startsWith('Sold '))!.message;
    expect(en).toMatch(new RegExp(`^Sold [\\d.,]+ ${base} at [\\d.,]+ ${quote}, fee [\\d.,]+ ${quote}$`));
    await vi.waitFor(async () => expect((await list()).find((r) => r.id === id)!.runtime.lastHour.fills).toBeGreaterThan(0), { timeout: 10_000, interval: 250 });
    const { lastHour } = (await list()).find((r) => r.id === id)!.runtime;
    expect(lastHour.orderToFill).toBe((Math.round((lastHour.orders / lastHour.fills) * 100) / 100).toString().replace(/\.0+$/, ''));
    const fills = (await t.call('GET', `/backend/robot/detail/${id}`, { token })).body.data.recentFills as { side: string; fee: string }[];
    expect(fills.some((f) => f.side === 'sell')).toBe(true);
  }, 30_000);

  it('the trading-log API renders the same line in English and Chinese', async () => {
    const en = await logs(id, 'en_US');
    const zh = await logs(id, 'zh_CN');
    expect(zh.length).toBe(en.length);
    const fillEn = en.findIndex((l) => l.message.startsWith('Sold '));
    expect(zh[fillEn]!.message).toMatch(new RegExp(`^卖出 [\\d.,]+ ${base()}，价格 [\\d.,]+ ${quote()}，手续费 [\\d.,]+ ${quote()}$`));
    // The line that created the bot, and its start.
    expect(en.map((l) => l.message)).toContain(`Depth near bot #${id} created and switched on by admin@makerdesk.local`);
    expect(zh.map((l) => l.message)).toContain(`admin@makerdesk.local 创建了近端深度机器人 #${id}（已开启）`);
    expect(zh.some((l) => l.message.startsWith('已启动：'))).toBe(true);
  });

  it('a row written before server texts renders verbatim in both languages', async () => {
    await t.database.db.insert(tradingLogs).values({ coinId: 1, adminId: null, robotId: id, level: 'info', message: 'L = 153.55876949' });
    for (const lang of ['en_US', 'zh_CN']) expect((await logs(id, lang)).map((l) => l.message)).toContain('L = 153.55876949');
  });

  it("switched off by the user, the stop reason reads in the reader's language", async () => {
    const saved = (await t.call('GET', `/backend/robot/${id}?coinId=1`, { token })).body.data as { type: string; config: Record<string, unknown> };
    await t.call('PUT', '/backend/robot/update', { token, body: { id, coinId: 1, type: saved.type, config: saved.config, status: 'stopped', startMode: 'now', priceMode: 'normal' } });
    const reason = async (lang: string) => ((await t.call('GET', `/backend/robot/list?coinId=1`, { token, headers: { lang } })).body.data as (Row & { stopReason: string })[]).find((r) => r.id === id)!.stopReason;
    expect(await reason('en_US')).toBe('Stopped by admin@makerdesk.local');
    expect(await reason('zh_CN')).toBe('由 admin@makerdesk.local 停止');
  });

  const base = () => symbol.split('/')[0]!;
  const quote = () => symbol.split('/')[1]!;
});
