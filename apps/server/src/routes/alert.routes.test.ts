import { ALERT_CHANNELS_PER_ACCOUNT, ErrorCode } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertChannels } from '../db/schema.ts';
import { signUp } from '../testing/accounts.ts';
import { fakeTelegram, webhookReceiver, type FakeReceiver } from '../testing/alert-receivers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const BOT_TOKEN = '987654321:AAFakeTelegramTokenForTests_0123456789';
const WEBHOOK_SECRET = 'whsec-test-0123456789abcdef';
const MIN_INTERVAL_MS = 1000;

let t: TestApp;
let token: string;
let telegram: FakeReceiver;
let webhook: FakeReceiver;
let coinId: number;

beforeAll(async () => {
  telegram = await fakeTelegram();
  webhook = await webhookReceiver(WEBHOOK_SECRET);
  // Real time: the throttle is the production one; back-off is shortened to keep the test quick.
  // The receivers listen on this machine: the operator's allow-list lets the alerts reach them.
  t = await createTestApp({ outboundAllow: '127.0.0.1/32', alerts: { policy: { minIntervalMs: MIN_INTERVAL_MS, backoffBaseMs: 300, maxAttempts: 4 }, timeoutMs: 3000, testWaitMs: 8000 } });
  token = await t.login();
  const coins = await t.call('GET', '/backend/coin/list', { token });
  coinId = coins.body.data.find((c: { coinName: string }) => c.coinName === 'BTC/USDT').coinId;
});
afterAll(async () => {
  await t.close();
  await telegram.close();
  await webhook.close();
});

/** Waits (real time) until `done` holds, or fails after `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const add = (body: unknown) => t.call('POST', '/backend/alert/channel/add', { token, body });

describe('alert channels', () => {
  it('refuses bad input with its own code, in words', async () => {
    const codeOf = async (res: Promise<{ body: { code: number; data: { code: number } | null; msg: string } }>) => (await res).body.data?.code;
    expect(await codeOf(add({ kind: 'webhook', url: 'ftp://x.example.com/hook', secret: WEBHOOK_SECRET }))).toBe(ErrorCode.INVALID_CHANNEL_URL);
    expect(await codeOf(add({ kind: 'webhook', url: 'not a url', secret: WEBHOOK_SECRET }))).toBe(ErrorCode.INVALID_CHANNEL_URL);
    expect(await codeOf(add({ kind: 'webhook', url: 'https://hooks.example.com/x', secret: 'short' }))).toBe(ErrorCode.INVALID_WEBHOOK_SECRET);
    expect(await codeOf(add({ kind: 'telegram', botToken: BOT_TOKEN, chatId: 'my chat' }))).toBe(ErrorCode.INVALID_TELEGRAM_CHAT_ID);
    expect(await codeOf(add({ kind: 'telegram', botToken: 'not-a-token', chatId: '-100123' }))).toBe(ErrorCode.INVALID_TELEGRAM_TOKEN);
    expect(await codeOf(add({ kind: 'email', to: 'desk-at-example' }))).toBe(ErrorCode.EMAIL_INVALID);
    const zh = await t.call('POST', '/backend/alert/channel/add', { token, lang: 'zh_CN', body: { kind: 'telegram', botToken: BOT_TOKEN, chatId: 'x y' } });
    expect(zh.body.msg).toContain('Telegram 聊天ID无效');
    const missing = await t.call('PUT', '/backend/alert/channel/update', { token, body: { id: 99999, enabled: false } });
    expect([missing.status, missing.body.data.code, missing.body.msg]).toEqual([404, ErrorCode.ALERT_CHANNEL_NOT_FOUND, 'Alert channel not found']);
    expect((await t.call('DELETE', '/backend/alert/channel/99999', { token })).body.data.code).toBe(ErrorCode.ALERT_CHANNEL_NOT_FOUND);
    expect((await t.call('POST', '/backend/alert/channel/test', { token, body: { id: 99999, coinId } })).body.data.code).toBe(ErrorCode.ALERT_CHANNEL_NOT_FOUND);
    expect((await t.call('GET', '/backend/alert/channel/list')).status).toBe(401);
  });

  it('stores secrets sealed and never answers them, not even in part; a blank secret keeps the stored one', async () => {
    const tg = await add({ kind: 'telegram', name: 'Desk chat', botToken: BOT_TOKEN, chatId: '-1001234567890', baseUrl: telegram.url });
    expect(tg.body.code).toBe(200);
    expect(tg.body.data).toMatchObject({ kind: 'telegram', name: 'Desk chat', enabled: true, target: 'chat -1001234567890', chatId: '-1001234567890', baseUrl: telegram.url, hasSecret: true });
    const wh = await add({ kind: 'webhook', name: 'Ops hook', url: `${webhook.url}/hooks/makerdesk`, secret: WEBHOOK_SECRET });
    expect(wh.body.data).toMatchObject({ kind: 'webhook', target: webhook.url.replace('http://', ''), url: `${webhook.url}/hooks/makerdesk`, hasSecret: true });
    const mail = await add({ kind: 'email', to: 'Desk@Example.com', enabled: false });
    expect(mail.body.data).toMatchObject({ kind: 'email', to: 'desk@example.com', enabled: false, hasSecret: false });

    const renamed = await t.call('PUT', '/backend/alert/channel/update', { token, body: { id: tg.body.data.id, name: 'Desk', botToken: '', chatId: '-1001234567890' } });
    expect(renamed.body.data).toMatchObject({ name: 'Desk', hasSecret: true });
    const foreign = await t.call('PUT', '/backend/alert/channel/update', { token, body: { id: tg.body.data.id, url: 'https://x.example.com' } });
    expect(foreign.body.data.code).toBe(ErrorCode.INVALID_PARAMS);
    const list = await t.call('GET', '/backend/alert/channel/list', { token });
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Desk', 'Ops hook', '']);

    const answers = [tg, wh, mail, renamed, list].map((r) => r.raw.body).join('\n');
    expect(answers).not.toContain(BOT_TOKEN);
    expect(answers).not.toContain(BOT_TOKEN.split(':')[1]);
    expect(answers).not.toContain(WEBHOOK_SECRET);
    const stored = JSON.stringify(await t.database.db.select().from(alertChannels));
    expect(stored).not.toContain(BOT_TOKEN.split(':')[1]);
    expect(stored).not.toContain(WEBHOOK_SECRET);
  });

  it('delivers alerts to the fake Telegram and the webhook, throttled per chat, retried after a 500 and a 429, each outcome logged', async () => {
    telegram.script.push({ status: 500, body: { ok: false, error_code: 500, description: 'Internal Server Error' } });
    telegram.script.push({ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } } });
    webhook.script.push({ status: 500, body: { error: 'busy' } });

    const admin = (await t.services.auth.authenticate(token))!.admin;
    const raised = [];
    for (const title of ['Price below 60000', 'Balance low', 'Report']) {
      raised.push(await t.services.alerts.raise({ adminId: admin.id, coinId, level: 'warn', title, text: `${title}: details` }));
    }
    expect(raised.every((r) => r.deliveries.length === 2)).toBe(true);

    await until(() => telegram.received.filter((r) => r.status === 200).length === 3 && webhook.received.filter((r) => r.status === 200).length === 3);

    // Telegram: 500, 429 (retry_after 1 s), then the three messages; every attempt at least 1 s after the one before.
    expect(telegram.received.map((r) => r.status)).toEqual([500, 429, 200, 200, 200]);
    const gaps = telegram.received.slice(1).map((r, i) => r.at - telegram.received[i]!.at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(MIN_INTERVAL_MS - 5);
    expect(telegram.received.every((r) => r.path === `/bot${BOT_TOKEN}/sendMessage`)).toBe(true);
    const sent = telegram.received.filter((r) => r.status === 200).map((r) => JSON.parse(r.body) as { chat_id: string; text: string });
    expect(sent.map((m) => m.chat_id)).toEqual(['-1001234567890', '-1001234567890', '-1001234567890']);
    expect(sent.map((m) => m.text.split('\n')[0])).toEqual(['[WARN] BTC/USDT: Price below 60000', '[WARN] BTC/USDT: Balance low', '[WARN] BTC/USDT: Report']);

    // Webhook: every request correctly signed; the 500 retried.
    expect(webhook.received.every((r) => r.signatureValid)).toBe(true);
    expect(webhook.received.map((r) => r.status)).toEqual([500, 200, 200, 200]);
    expect(webhook.received.map((r) => JSON.parse(r.body).title)).toEqual(['Price below 60000', 'Price below 60000', 'Balance low', 'Report']);
    expect(webhook.received[0]!.path).toBe('/hooks/makerdesk');

    const alerts = await t.call('GET', `/backend/alert/list?coinId=${coinId}`, { token });
    expect(alerts.body.data.total).toBe(3);
    const first = alerts.body.data.list.find((a: { title: string }) => a.title === 'Price below 60000');
    expect(first.deliveries.map((d: { channelKind: string; status: string; attempts: number }) => [d.channelKind, d.status, d.attempts])).toEqual([
      ['telegram', 'sent', 3],
      ['webhook', 'sent', 2],
    ]);

    const logs = await t.call('GET', `/backend/tradingLog/list?coinId=${coinId}&pageSize=50`, { token });
    const messages: string[] = logs.body.data.list.map((l: { level: string; message: string }) => `${l.level}: ${l.message}`);
    expect(messages).toContain('warn: Alert "Price below 60000" via telegram "Desk" (chat -1001234567890): attempt 1 of 4 failed (refused: HTTP 500); retrying in 0.3 s');
    expect(messages).toContain('warn: Alert "Price below 60000" via telegram "Desk" (chat -1001234567890): attempt 2 of 4 failed (refused: HTTP 429); retrying in 1 s');
    expect(messages).toContain('info: Alert "Price below 60000" sent via telegram "Desk" (chat -1001234567890) at attempt 3');
    expect(messages).toContain(`info: Alert "Balance low" sent via webhook "Ops hook" (${webhook.url.replace('http://', '')})`);
    expect(messages.join('\n')).not.toContain(BOT_TOKEN.split(':')[1]);
    expect(messages.join('\n')).not.toContain(WEBHOOK_SECRET);
    expect(messages.join('\n')).not.toContain('Internal Server Error');
  });

  it('sends a test message through one channel and answers its delivery', async () => {
    const list = await t.call('GET', '/backend/alert/channel/list', { token });
    const hook = list.body.data.find((c: { kind: string }) => c.kind === 'webhook');
    const before = webhook.received.length;
    const res = await t.call('POST', '/backend/alert/channel/test', { token, body: { id: hook.id, coinId } });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ channelId: hook.id, channelKind: 'webhook', channelName: 'Ops hook', status: 'sent', attempts: 1, reason: null });
    expect(webhook.received.slice(before).map((r) => [JSON.parse(r.body).title, r.signatureValid])).toEqual([['Test message', true]]);
  });

  it("writes the test message in the channel's language, and the recent alerts in the reader's", async () => {
    const zh = await add({ kind: 'webhook', name: '中文', lang: 'zh_CN', url: `${webhook.url}/zh`, secret: WEBHOOK_SECRET });
    const before = webhook.received.length;
    const res = await t.call('POST', '/backend/alert/channel/test', { token, body: { id: zh.body.data.id, coinId } });
    expect(res.body.data).toMatchObject({ status: 'sent' });
    const sent = JSON.parse(webhook.received.slice(before)[0]!.body) as { title: string; text: string };
    expect(sent.title).toBe('测试消息');
    expect(sent.text).toBe('MakerDesk 测试消息：交易对 BTC/USDT，渠道 中文。如果您看到这条消息，说明告警可以送达这里。');
    const read = async (lang: string) => (await t.call('GET', `/backend/alert/list?coinId=${coinId}&pageSize=1`, { token, lang })).body.data.list[0];
    expect(await read('zh_CN')).toMatchObject({ title: '测试消息' });
    expect(await read('en_US')).toMatchObject({ title: 'Test message', text: 'MakerDesk test message for BTC/USDT through 中文. If you read this, alerts reach you here.' });
    await t.call('DELETE', `/backend/alert/channel/${zh.body.data.id}`, { token });
  });

  it('answers a failed test message with the reason, and a deleted channel keeps its past deliveries', async () => {
    const bad = await add({ kind: 'webhook', name: 'Gone', url: `${webhook.url}/missing`, secret: 'another-secret-0123456789' });
    const res = await t.call('POST', '/backend/alert/channel/test', { token, body: { id: bad.body.data.id, coinId } });
    // The receiver refuses a signature made with another secret.
    expect(res.body.data).toMatchObject({ status: 'failed', attempts: 1, reason: { code: 'refused', status: 'HTTP 401' } });
    expect((await t.call('DELETE', `/backend/alert/channel/${bad.body.data.id}`, { token })).body.code).toBe(200);
    const alerts = await t.call('GET', `/backend/alert/list?coinId=${coinId}&pageSize=1`, { token });
    expect(alerts.body.data.list[0].deliveries).toEqual([expect.objectContaining({ channelId: null, channelName: 'Gone', status: 'failed' })]);
  });

  it('reads a closed port as "no answer", whatever the network said', async () => {
    const closed = await webhookReceiver(WEBHOOK_SECRET);
    await closed.close();
    const channel = await add({ kind: 'webhook', name: 'Closed', url: `${closed.url}/hook`, secret: WEBHOOK_SECRET });
    const res = await t.call('POST', '/backend/alert/channel/test', { token, body: { id: channel.body.data.id, coinId } });
    expect(res.body.data).toMatchObject({ status: 'failed', attempts: 4, reason: { code: 'no_answer' } });
    expect(res.raw.body).not.toContain('ECONNREFUSED');
    await t.call('DELETE', `/backend/alert/channel/${channel.body.data.id}`, { token });
  });

  it(`holds at most ${ALERT_CHANNELS_PER_ACCOUNT} channels an account, refused in words; a deleted one makes room`, async () => {
    const { token: own } = await signUp(t, token, 'channels@makerdesk.local');
    const addOwn = (n: number, lang?: string) => t.call('POST', '/backend/alert/channel/add', { token: own, ...(lang ? { lang } : {}), body: { kind: 'email', name: `Desk ${n}`, to: `desk${n}@example.com` } });
    const ids: number[] = [];
    for (let n = 1; n <= ALERT_CHANNELS_PER_ACCOUNT; n++) ids.push((await addOwn(n)).body.data.id);
    const refused = await addOwn(99);
    expect([refused.status, refused.body.data.code, refused.body.msg]).toEqual([409, ErrorCode.ALERT_CHANNEL_LIMIT, `An account holds at most ${ALERT_CHANNELS_PER_ACCOUNT} alert channels: delete one before adding another`]);
    expect((await addOwn(99, 'zh_CN')).body.msg).toBe(`每个账户最多 ${ALERT_CHANNELS_PER_ACCOUNT} 个告警通道：请先删除一个再添加`);
    expect((await t.call('GET', '/backend/alert/channel/list', { token: own })).body.data).toHaveLength(ALERT_CHANNELS_PER_ACCOUNT);
    // Another account's channels do not count.
    expect((await add({ kind: 'email', name: 'Main', to: 'main-desk@example.com' })).body.code).toBe(200);
    expect((await t.call('DELETE', `/backend/alert/channel/${ids[0]}`, { token: own })).body.code).toBe(200);
    expect((await addOwn(100)).body.code).toBe(200);
  });
});
