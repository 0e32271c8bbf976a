/**
 * Where alert channels may send, on a server whose operator allowed nothing beyond the public
 * internet (MAKERDESK_OUTBOUND_ALLOW unset): this machine and private networks are refused when a
 * channel is added or changed, and again when a message is sent.
 */
import { ErrorCode } from '@makerdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alertChannels } from '../db/schema.ts';
import { webhookReceiver, type FakeReceiver } from '../testing/alert-receivers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const BOT_TOKEN = '987654321:AAFakeTelegramTokenForTests_0123456789';
const SECRET = 'whsec-test-0123456789abcdef';

let t: TestApp;
let token: string;
let subToken: string;
let receiver: FakeReceiver;

beforeAll(async () => {
  receiver = await webhookReceiver(SECRET);
  t = await createTestApp({ alerts: { policy: { minIntervalMs: 0, backoffBaseMs: 10, maxAttempts: 3 }, timeoutMs: 2000, testWaitMs: 5000 } });
  token = await t.login();
  await t.call('POST', '/backend/admin/addUser', { token, body: { account: 'sub@makerdesk.local', role: 'trader', employeeName: 'Sub', password: 'Sub-pass-123' } });
  subToken = await t.login('sub@makerdesk.local', 'Sub-pass-123');
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const add = (body: unknown, as = token, lang?: string) => t.call('POST', '/backend/alert/channel/add', { token: as, body, ...(lang ? { lang } : {}) });
const update = (body: unknown, as = token) => t.call('PUT', '/backend/alert/channel/update', { token: as, body });
const channelCount = async () => (await t.database.db.select().from(alertChannels)).length;

/** Every way the probe wrote this machine and the private networks. */
const INSIDE = [
  'http://127.0.0.1:8080/x',
  'http://localhost:8080/x',
  'http://0.0.0.0/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fe80::1]/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.254/',
  'http://192.168.1.1/',
  'http://[fd00::1]/',
  'http://100.64.0.1/',
  'http://app.localhost/',
];

describe('alert channel destinations', () => {
  it('refuses a webhook on this machine or a private network, in every spelling, with its own code in words', async () => {
    const before = await channelCount();
    for (const url of INSIDE) {
      const res = await add({ kind: 'webhook', url, secret: SECRET });
      expect([res.status, res.body.data?.code], url).toEqual([400, ErrorCode.DESTINATION_NOT_ALLOWED]);
    }
    const en = await add({ kind: 'webhook', url: 'http://10.0.0.1/', secret: SECRET });
    expect(en.body.msg).toBe('This address is on the server itself or a private network: the server does not send there unless its operator allows it');
    const zh = await add({ kind: 'webhook', url: 'http://10.0.0.1/', secret: SECRET }, token, 'zh_CN');
    expect(zh.body.msg).toBe('该地址指向服务器本机或内网：除非服务器管理员允许，服务器不会向其发送请求');
    expect(await channelCount()).toBe(before);
  });

  it('refuses a Telegram API base inside too, and a change of either to an inside address, keeping the channel as it was', async () => {
    expect((await add({ kind: 'telegram', botToken: BOT_TOKEN, chatId: '-100123', baseUrl: 'http://127.0.0.1:9/' })).body.data.code).toBe(ErrorCode.DESTINATION_NOT_ALLOWED);
    const hook = await add({ kind: 'webhook', name: 'Public', url: 'https://hooks.example.com/in', secret: SECRET });
    expect(hook.body.code).toBe(200);
    const tg = await add({ kind: 'telegram', name: 'Proxy', botToken: BOT_TOKEN, chatId: '-100123', baseUrl: 'https://tg-proxy.example.com' });
    expect(tg.body.code).toBe(200);
    for (const url of ['http://[::1]:8080/x', 'http://192.168.0.10/']) {
      expect((await update({ id: hook.body.data.id, url })).body.data.code, url).toBe(ErrorCode.DESTINATION_NOT_ALLOWED);
      expect((await update({ id: tg.body.data.id, baseUrl: url })).body.data.code, url).toBe(ErrorCode.DESTINATION_NOT_ALLOWED);
    }
    const list = (await t.call('GET', '/backend/alert/channel/list', { token })).body.data as { id: number; url: string | null; baseUrl: string | null }[];
    expect(list.find((c) => c.id === hook.body.data.id)?.url).toBe('https://hooks.example.com/in');
    expect(list.find((c) => c.id === tg.body.data.id)?.baseUrl).toBe('https://tg-proxy.example.com');
  });

  it('checks again at send time: a destination that is inside by then is "destination not allowed", and nothing reaches it', async () => {
    const hook = await add({ kind: 'webhook', name: 'Moved inside', url: 'https://hooks.example.com/moved', secret: SECRET });
    // As if its name now resolved to this machine: the row points at a receiver here.
    await t.database.db.update(alertChannels).set({ settings: { url: `${receiver.url}/hook` } }).where(eq(alertChannels.id, hook.body.data.id));
    const res = await t.call('POST', '/backend/alert/channel/test', { token, body: { id: hook.body.data.id, coinId: 1 } });
    expect(res.body.data).toMatchObject({ status: 'failed', attempts: 1, reason: { code: 'not_allowed' } });
    expect(receiver.received).toEqual([]);
    // The delivery's line is written beside the answer: on a loaded machine it may land a moment later.
    await vi.waitFor(
      async () => {
        const logs = (await t.call('GET', '/backend/tradingLog/list?coinId=1&pageSize=20', { token })).body.data.list as { message: string }[];
        expect(logs.map((l) => l.message)).toContain(`Alert "Test message" not delivered via webhook "Moved inside" (${receiver.url.replace('http://', '')}) after 1 attempt: destination not allowed`);
      },
      { timeout: 10_000, interval: 100 },
    );
  });
});

describe('a custom Telegram API base', () => {
  it('is the main account’s only: a restricted account is refused on add and on change, and uses Telegram’s own', async () => {
    const refused = await add({ kind: 'telegram', botToken: BOT_TOKEN, chatId: '-100777', baseUrl: 'https://tg-proxy.example.com' }, subToken);
    expect([refused.status, refused.body.data.code, refused.body.msg]).toEqual([403, ErrorCode.TELEGRAM_BASE_URL_MAIN_ONLY, "Only the main account may set a Telegram API base URL; leave it blank to use Telegram's own"]);
    const own = await add({ kind: 'telegram', botToken: BOT_TOKEN, chatId: '-100777' }, subToken);
    expect(own.body.data).toMatchObject({ kind: 'telegram', baseUrl: null });
    expect((await update({ id: own.body.data.id, baseUrl: 'https://tg-proxy.example.com' }, subToken)).body.data.code).toBe(ErrorCode.TELEGRAM_BASE_URL_MAIN_ONLY);
    expect((await update({ id: own.body.data.id, baseUrl: '', chatId: '-100778' }, subToken)).body.data).toMatchObject({ chatId: '-100778', baseUrl: null });
  });
});
