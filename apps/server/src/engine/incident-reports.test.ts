import { renderServerText, text } from '@makerdesk/contract';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidents as incidentsTable } from '../db/schema.ts';
import { recordingWiring } from '../testing/recording-engine.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** What the engine reports becomes incidents: a monitor's alert, and a bot that stops itself (and its failure reaches the alert channels). */
let t: TestApp;
let rec: ReturnType<typeof recordingWiring>;
let token: string;
let botId: number;

beforeAll(async () => {
  rec = recordingWiring();
  t = await createTestApp({ engine: rec.wiring });
  token = await t.login();
  await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: 'incident-host-key', secretKey: 'incident-host-secret', coinId: 1 } });
  const defaults = (await t.call('GET', '/backend/robot/init/list?coinId=1', { token })).body.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
  botId = (await t.call('PUT', '/backend/robot/update', { token, body: { coinId: 1, type: 'depth_near', config: defaults, status: 'running', startMode: 'now', priceMode: 'normal' } })).body.data.id;
});
afterAll(() => t.close());

const incidents = async (lang = 'en_US') => (await t.call('GET', '/backend/incident/list?coinId=1', { token, lang })).body.data;

describe('engine reports as incidents', () => {
  it("a monitor's alert is an incident of its pair, and still reaches the alert dispatcher", async () => {
    const adminId = (await t.services.auth.authenticate(token))!.admin.id;
    await rec.engine().deps.alerts!.raise({ adminId, coinId: 1, robotId: botId, level: 'warn', title: 'BTC/USDT price alert', text: 'The price 65000 is above the upper bound 1.', at: Date.now() });
    const listed = await incidents();
    expect(listed.items[0]).toMatchObject({ kind: 'monitor_alert', level: 'warn', robotId: botId, title: 'BTC/USDT price alert', text: 'The price 65000 is above the upper bound 1.', readAt: null });
    const alerts = (await t.call('GET', '/backend/alert/list?coinId=1', { token })).body.data.list;
    expect(alerts[0]).toMatchObject({ title: 'BTC/USDT price alert', robotId: botId });
  });

  it('a bot stopped by its failures: stopped in the store, an error incident in both languages, and an alert on the channels', async () => {
    await rec.engine().deps.robots.markStopped(botId, '10 ticks failed in a row; the last: price out of range');
    expect((await t.call('GET', `/backend/robot/${botId}?coinId=1`, { token })).body.data).toMatchObject({ status: 'stopped', stopReason: '10 ticks failed in a row; the last: price out of range' });
    const [first] = (await incidents()).items;
    expect(first).toMatchObject({ kind: 'bot_stopped', level: 'error', robotId: botId, title: `Bot #${botId} stopped by failures`, text: `Bot #${botId} on BTC/USDT stopped itself: 10 ticks failed in a row; the last: price out of range` });
    expect((await incidents('zh_CN')).items[0].title).toBe(`机器人 #${botId} 因连续失败而停止`);
    const alerts = (await t.call('GET', '/backend/alert/list?coinId=1', { token, lang: 'zh_CN' })).body.data.list;
    expect(alerts[0]).toMatchObject({ level: 'error', robotId: botId, title: `机器人 #${botId} 因连续失败而停止` });
  });

  it("the incident carries the bot's stop reason as stored (key and params): each reader reads it in their language, the robot's status too", async () => {
    const reason = text('bots.stopReason.failures', { failures: 10, error: 'price out of range' });
    await rec.engine().deps.robots.markStopped(botId, renderServerText(reason, 'en_US'), reason);
    const [row] = await t.database.db.select().from(incidentsTable).orderBy(desc(incidentsTable.id)).limit(1);
    expect(row!.text).toEqual({ key: 'incident.botFailedText', params: { reason: '@bots.stopReason.failures', failures: 10, error: 'price out of range', bot: `#${botId}`, pair: 'BTC/USDT' } });
    const zh = (await incidents('zh_CN')).items[0];
    expect(zh).toMatchObject({ kind: 'bot_stopped', level: 'error', text: `BTC/USDT 上的机器人 #${botId} 已自行停止：连续 10 个周期失败；最后一次：price out of range` });
    expect((await incidents()).items[0].text).toBe(`Bot #${botId} on BTC/USDT stopped itself: 10 ticks failed in a row; the last: price out of range`);
    expect((await t.call('GET', `/backend/robot/${botId}?coinId=1`, { token, lang: 'zh_CN' })).body.data.stopReason).toBe('连续 10 个周期失败；最后一次：price out of range');
  });

  it("a guard's stop is a warning, without an alert of its own", async () => {
    const alertsBefore = (await t.call('GET', '/backend/alert/list?coinId=1', { token })).body.data.total;
    await rec.engine().deps.robots.markStopped(botId, 'target reached');
    expect((await incidents()).items[0]).toMatchObject({ kind: 'bot_stopped', level: 'warn', title: `Bot #${botId} stopped by a guard` });
    expect((await t.call('GET', '/backend/alert/list?coinId=1', { token })).body.data.total).toBe(alertsBefore);
  });

  it('a key rate-limited by the venue is an incident once a while, not at every throttled tick', async () => {
    const before = (await incidents()).items.length;
    rec.engine().deps.observer!.activity!(botId, 'throttled');
    rec.engine().deps.observer!.activity!(botId, 'active');
    rec.engine().deps.observer!.activity!(botId, 'throttled');
    await expect.poll(async () => (await incidents()).items.length).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const listed = await incidents('zh_CN');
    expect(listed.items.length).toBe(before + 1);
    expect(listed.items[0]).toMatchObject({ kind: 'key_throttled', level: 'warn', robotId: botId, title: 'API 密钥被交易所限流', text: `交易所对 BTC/USDT 上机器人 #${botId} 的 API 密钥限流，其周期暂停至限流结束` });
  });

  it('a bot stopped because the venue refused its key joins the key’s incident: one event, the unread count up once', async () => {
    const adminId = (await t.services.auth.authenticate(token))!.admin.id;
    const defaults = (await t.call('GET', '/backend/robot/init/list?coinId=1', { token })).body.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
    const second = (await t.call('PUT', '/backend/robot/update', { token, body: { coinId: 1, type: 'depth_near', config: defaults, status: 'running', startMode: 'now', priceMode: 'normal' } })).body.data.id as number;
    const before = await incidents();
    await t.services.incidents.keyRefused({ adminId, coinId: 1, venue: 'sim', call: 'fetchBalances', reason: 'Invalid API-key, IP, or permissions for action' });
    const reason = '5 ticks failed in a row; the last: Invalid API-key, IP, or permissions for action (-2015)';
    await rec.engine().deps.robots.markStopped(botId, reason);
    await rec.engine().deps.robots.markStopped(second, reason);
    const after = await incidents();
    expect(after.unread).toBe(before.unread + 1);
    expect(after.items.length).toBe(before.items.length + 1);
    expect(after.items[0]).toMatchObject({
      kind: 'key_refused',
      level: 'error',
      robotId: null,
      title: 'Key refused by sim',
      text: `Venue sim refused the key on fetchBalances: Invalid API-key, IP, or permissions for action. Bots stopped by it: #${botId}, #${second}. Check the key, its permissions and its bound IP addresses`,
    });
    expect((await incidents('zh_CN')).items[0].text).toBe(`交易所 sim 在 fetchBalances 调用时拒绝了 API 密钥：Invalid API-key, IP, or permissions for action。因此停止的机器人：#${botId}, #${second}。请检查密钥、其权限及绑定的 IP 地址`);
    // Both bots are stopped, with their reason, and the failure still reached the alert channels.
    expect((await t.call('GET', `/backend/robot/${second}?coinId=1`, { token })).body.data).toMatchObject({ status: 'stopped', stopReason: reason });
    const alerts = (await t.call('GET', '/backend/alert/list?coinId=1', { token })).body.data.list;
    expect(alerts[0]).toMatchObject({ level: 'error', robotId: second });
  });

  it('a later stop by the same refused key joins it too; past the key’s report window a stop is an incident of its own', async () => {
    const before = await incidents();
    await rec.engine().deps.robots.markStopped(botId, '5 ticks failed in a row; the last: Signature for this request is not valid.');
    expect((await incidents()).unread).toBe(before.unread);
    // Two hours on, no key incident is recent: the bot's stop is told by itself.
    await t.services.incidents.botStopped(botId, 'invalid api-key', undefined, Date.now() + 2 * 3_600_000);
    const after = await incidents();
    expect(after.unread).toBe(before.unread + 1);
    expect(after.items[0]).toMatchObject({ kind: 'key_refused', robotId: botId, text: `The venue refused the key of bot #${botId} on BTC/USDT: invalid api-key` });
  });

  it("a key's stream down past a minute (the engine tells it once) is a warning of the key's account on the pair, its recovery a note, in both languages", async () => {
    const adminId = (await t.services.auth.authenticate(token))!.admin.id;
    const since = Date.UTC(2026, 10, 27, 12, 3, 0);
    const port = rec.engine().deps.feedIncidents!;
    const outage = { robotId: botId, adminId, coinId: 1, symbol: 'BTC/USDT', venue: 'binance', budgetKey: 'binance:abc', since, at: since + 61_000 };
    port.streamDown(outage);
    await expect.poll(async () => (await incidents()).items[0]?.kind).toBe('stream_down');
    const [down] = (await incidents()).items;
    expect(down).toMatchObject({
      level: 'warn',
      robotId: null,
      title: 'Stream of BTC/USDT down: bots polling',
      text: "The stream of binance for BTC/USDT has been down since 2026-11-27 12:03:00 UTC: the key's bots read the market and the account by REST polling (slower, and heavier on the venue's rate limits)",
    });
    expect((await incidents('zh_CN')).items[0].title).toBe('BTC/USDT 实时推送中断：机器人改用轮询');
    const [row] = await t.database.db.select().from(incidentsTable).orderBy(desc(incidentsTable.id)).limit(1);
    expect(row).toMatchObject({ adminId, kind: 'stream_down' });
    port.streamUp({ ...outage, at: since + 200_000, downMs: 200_000 });
    await expect.poll(async () => (await incidents()).items[0]?.kind).toBe('stream_up');
    expect((await incidents()).items[0]).toMatchObject({ level: 'info', title: 'Stream of BTC/USDT back', text: "The stream of binance for BTC/USDT is back after 3 min 20 s down (since 2026-11-27 12:03:00 UTC): the key's bots are pushed the market and the account again" });
  });
});
