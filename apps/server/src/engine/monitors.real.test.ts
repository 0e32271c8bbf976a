import { mul } from '@makerdesk/decimal';
import { createBotEngine, createRateBudgets, strategyRegistry } from '@makerdesk/engine';
import { isOwnClientOrderId } from '@makerdesk/exchange';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { robots } from '../db/schema.ts';
import { RobotJournalRepository } from '../repositories/robot-journal.repository.ts';
import { fakeTelegram, type FakeReceiver } from '../testing/alert-receivers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** The risk-control monitors on the real engine inside the server, on the simulator. */
let t: TestApp;
let token: string;
let telegram: FakeReceiver;

interface Log {
  robotId: number | null;
  level: string;
  message: string;
}

beforeAll(async () => {
  telegram = await fakeTelegram();
  // The fake Telegram listens on this machine: the operator's allow-list lets the alerts reach it.
  t = await createTestApp({ outboundAllow: '127.0.0.1/32', engine: { create: createBotEngine, strategies: strategyRegistry, budgets: createRateBudgets() } });
  token = await t.login();
  await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: 'monitor-key', secretKey: 'monitor-secret', coinId: 1 } });
  for (let i = 0; i < 5; i++) t.services.sim.localHost.venue.step();
  await t.services.engine.start();
});
afterAll(async () => {
  await t.close();
  await telegram.close();
});

async function defaultsOf(type: string): Promise<Record<string, unknown>> {
  const types = (await t.call('GET', '/backend/robot/init/list?coinId=1', { token })).body.data as { type: string; defaults: Record<string, unknown> }[];
  return types.find((i) => i.type === type)!.defaults;
}

async function deploy(type: string, config: Record<string, unknown>): Promise<number> {
  const saved = await t.call('PUT', '/backend/robot/update', { token, body: { coinId: 1, type, config, status: 'running', startMode: 'now', priceMode: 'normal' } });
  expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200 });
  return saved.body.data.id as number;
}

async function logsOf(robotId: number): Promise<Log[]> {
  await t.services.engine.logs.flush();
  return (await t.call('GET', `/backend/tradingLog/list?coinId=1&robotId=${robotId}&pageSize=100`, { token })).body.data.list as Log[];
}

const robot = async (id: number) => (await t.call('GET', `/backend/robot/${id}?coinId=1`, { token })).body.data as { status: string; stopReason: string | null; runtime: { activity: string } };
const openOrders = async () => (await t.call('GET', '/backend/order/getOrders?coinId=1', { token })).body.data as { clientOrderId: string | null }[];

describe('risk-control monitors in the server', () => {
  it('GET /robot/init/list lists the four types as risk control, not simulation-only, with valid defaults', async () => {
    const types = (await t.call('GET', '/backend/robot/init/list?coinId=1', { token })).body.data as { type: string; category: string; simulationOnly: boolean; quoting: boolean }[];
    const risk = types.filter((i) => i.category === 'risk_control');
    expect(risk.map((i) => [i.type, i.simulationOnly, i.quoting])).toEqual([
      ['monitor_balance', false, false],
      ['monitor_price', false, false],
      ['report_balance', false, false],
      ['emergency_stop', false, false],
    ]);
  });

  it('a price monitor with a tight bound raises its alert line in the trading log, and stays running', async () => {
    const id = await deploy('monitor_price', { ...(await defaultsOf('monitor_price')), upperBound: '1', lowerBound: undefined, movePercent: undefined, intervalSec: 5 });
    await vi.waitFor(async () => expect((await logsOf(id)).map((l) => l.message)).toContainEqual(expect.stringMatching(/^BTC\/USDT price alert: The price [\d,]+\.\d+ USDT is above the upper bound 1\.0+ USDT\.$/)), {
      timeout: 15_000,
      interval: 250,
    });
    const alerts = (await logsOf(id)).filter((l) => l.message.includes('price alert'));
    expect(alerts).toEqual([expect.objectContaining({ robotId: id, level: 'warn' })]);
    // The trading-log line, the alert and its incident read in the reader's language: English by default, Chinese with lang zh_CN.
    const zhLogs = (await t.call('GET', `/backend/tradingLog/list?coinId=1&robotId=${id}&pageSize=100`, { token, lang: 'zh_CN' })).body.data.list as Log[];
    expect(zhLogs.map((l) => l.message)).toContainEqual(expect.stringMatching(/^BTC\/USDT 价格告警：价格 [\d,]+\.\d+ USDT 高于上限 1\.0+ USDT。$/));
    const alertOf = async (lang?: string) =>
      ((await t.call('GET', '/backend/alert/list?coinId=1', { token, ...(lang ? { lang } : {}) })).body.data.list as { robotId: number | null; title: string; text: string }[]).find((a) => a.robotId === id);
    expect(await alertOf()).toMatchObject({ title: 'BTC/USDT price alert', text: expect.stringMatching(/^The price [\d,]+\.\d+ USDT is above the upper bound 1\.0+ USDT\.$/) });
    expect(await alertOf('zh_CN')).toMatchObject({ title: 'BTC/USDT 价格告警', text: expect.stringMatching(/^价格 [\d,]+\.\d+ USDT 高于上限 1\.0+ USDT。$/) });
    const incidentOf = async (lang?: string) =>
      ((await t.call('GET', '/backend/incident/list?coinId=1', { token, ...(lang ? { lang } : {}) })).body.data.items as { kind: string; robotId: number | null; title: string; text: string }[]).find((i) => i.robotId === id);
    expect(await incidentOf()).toMatchObject({ kind: 'monitor_alert', title: 'BTC/USDT price alert', text: expect.stringMatching(/^The price [\d,]+\.\d+ USDT is above/) });
    expect(await incidentOf('zh_CN')).toMatchObject({ kind: 'monitor_alert', title: 'BTC/USDT 价格告警', text: expect.stringMatching(/^价格 [\d,]+\.\d+ USDT 高于上限 1\.0+ USDT。$/) });
    expect(await robot(id)).toMatchObject({ status: 'running', runtime: { activity: 'active' } });
    await t.call('PUT', '/backend/robot/update', { token, body: { id, coinId: 1, type: 'monitor_price', config: { ...(await defaultsOf('monitor_price')) }, status: 'stopped', startMode: 'now', priceMode: 'normal' } });
  }, 30_000);

  it("a price monitor's alert reaches the account's Telegram chat (the chat app), with the alert's words and no token", async () => {
    const botToken = '123456789:AAMonitorsRealTestToken_abcdefghijk';
    const channel = await t.call('POST', '/backend/alert/channel/add', { token, body: { kind: 'telegram', name: 'desk chat', botToken, chatId: '-100777', baseUrl: telegram.url } });
    expect(channel.body, JSON.stringify(channel.body)).toMatchObject({ code: 200 });
    const id = await deploy('monitor_price', { ...(await defaultsOf('monitor_price')), upperBound: '1', lowerBound: undefined, movePercent: undefined, intervalSec: 5 });
    await vi.waitFor(() => expect(telegram.received.filter((r) => r.status === 200)).toHaveLength(1), { timeout: 20_000, interval: 250 });
    const [sent] = telegram.received;
    expect(sent!.path).toBe(`/bot${botToken}/sendMessage`);
    const message = JSON.parse(sent!.body) as { chat_id: string; text: string };
    expect(message.chat_id).toBe('-100777');
    expect(message.text).toMatch(/BTC\/USDT price alert/);
    expect(message.text).toMatch(/The price [\d,]+\.\d+ USDT is above the upper bound 1\.0+ USDT\./);
    // The delivery is in the pair's trading log, and nothing there shows the token.
    await t.services.engine.logs.flush();
    const logs = (await t.call('GET', '/backend/tradingLog/list?coinId=1&pageSize=200', { token })).body.data.list as Log[];
    expect(JSON.stringify(logs)).not.toContain(botToken);
    await t.call('PUT', '/backend/robot/update', { token, body: { id, coinId: 1, type: 'monitor_price', config: { ...(await defaultsOf('monitor_price')) }, status: 'stopped', startMode: 'now', priceMode: 'normal' } });
    await t.call('DELETE', `/backend/alert/channel/${channel.body.data.id as number}`, { token });
  }, 40_000);

  it('an emergency stop guard with a drawdown limit stops the three running quoting bots of the pair and their orders are gone', async () => {
    const near = await defaultsOf('depth_near');
    const far = await defaultsOf('depth_far');
    const bots = [await deploy('depth_near', { ...near, intervalMin: 1, intervalMax: 2 }), await deploy('depth_far', { ...far, intervalMin: 1, intervalMax: 2 }), await deploy('depth_near', { ...near, intervalMin: 1, intervalMax: 2 })];
    const ours = async () => (await openOrders()).filter((o) => bots.some((id) => isOwnClientOrderId(o.clientOrderId, `b${id}`)));
    await vi.waitFor(async () => {
      for (const id of bots) expect((await t.call('GET', `/backend/robot/detail/${id}`, { token })).body.data.openOrders.length, `bot ${id}`).toBeGreaterThan(0);
    }, { timeout: 20_000, interval: 250 });

    const guard = await deploy('emergency_stop', { maxDrawdown: '100', intervalSec: 5 });
    // The guard's first reading is its first peak.
    await vi.waitFor(async () => {
      const [row] = await t.database.db.select().from(robots).where(eq(robots.id, guard));
      expect((row?.state as { peak: string | null } | null)?.peak ?? null).not.toBeNull();
    }, { timeout: 15_000, interval: 250 });

    // A losing trade of the first bot: it bought 0.05 BTC at twice the price, about 0.05 × price below holding.
    const book = (await t.call('GET', '/backend/order/orderBook?coinId=1', { token })).body.data as { bids: [string, string][] };
    const price = book.bids[0]![0];
    const paid = mul(price, '2');
    await new RobotJournalRepository(t.database.db).settle([], [
      { robotId: bots[0]!, clientOrderId: 'arranged-loss', side: 'buy', price: paid, amount: '0.05', quoteAmount: mul(paid, '0.05'), fee: '0', filledAfter: '0.05', at: Date.now() },
    ]);

    await vi.waitFor(async () => expect((await robot(guard)).status).toBe('stopped'), { timeout: 20_000, interval: 250 });
    const guardRow = await robot(guard);
    expect(guardRow.stopReason).toMatch(/^emergency stop fired: drawdown [\d,.]+ USDT of the pair's bots \(total P&L -?[\d,.]+ USDT from a peak of -?[\d,.]+ USDT\) passed the limit 100\.0+ USDT$/);
    for (const id of bots) {
      const row = await robot(id);
      expect(row.status, `bot ${id}`).toBe('stopped');
      expect(row.stopReason).toMatch(new RegExp(`^Emergency stop: drawdown .* \\(bot #${guard}\\)$`));
    }
    await vi.waitFor(async () => {
      for (const id of bots) expect((await t.call('GET', `/backend/robot/detail/${id}`, { token })).body.data.openOrders, `bot ${id}`).toEqual([]);
    }, { timeout: 20_000, interval: 250 });
    expect(await ours()).toEqual([]);
    const guardLogs = (await logsOf(guard)).map((l) => `${l.level} ${l.message}`);
    expect(guardLogs).toContainEqual(expect.stringMatching(new RegExp(`^error Emergency stop of BTC/USDT \\(drawdown .*\\): 3 bot\\(s\\) stopped and their orders cancelled: ${bots.map((id) => `#${id}`).join(', ')}$`)));
    expect(guardLogs).toContainEqual(expect.stringMatching(/^error Emergency stop: BTC\/USDT: drawdown /));
    expect((await logsOf(bots[1]!)).map((l) => l.message)).toContainEqual(`Stopped: ${(await robot(bots[1]!)).stopReason}`);
    // The stop reasons and the lines read in Chinese too.
    const zhRobot = async (rid: number) => (await t.call('GET', `/backend/robot/${rid}?coinId=1`, { token, lang: 'zh_CN' })).body.data as { stopReason: string | null };
    expect((await zhRobot(guard)).stopReason).toMatch(/^已触发紧急停止：该交易对机器人的回撤 [\d,.]+ USDT（总盈亏从峰值 -?[\d,.]+ USDT 降至 -?[\d,.]+ USDT）超过上限 100\.0+ USDT$/);
    expect((await zhRobot(bots[1]!)).stopReason).toMatch(new RegExp(`^紧急停止：该交易对机器人的回撤 .*（机器人 #${guard}）$`));
    const zhPairLogs = (await t.call('GET', '/backend/tradingLog/list?coinId=1&pageSize=200', { token, lang: 'zh_CN' })).body.data.list as Log[];
    expect(zhPairLogs.map((l) => l.message)).toContainEqual(expect.stringMatching(/^BTC\/USDT 紧急停止：该交易对机器人的回撤 .*（机器人 #\d+）；停止 3 个机器人，撤销 \d+ 笔订单，期间成交 \d+ 笔，用时 \d+ 毫秒$/));
  }, 60_000);
});
