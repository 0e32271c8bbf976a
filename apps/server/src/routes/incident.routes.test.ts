import { ErrorCode, incidentListResponse, liveServerMessage, text } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { importKey, signUp, type SignedInAccount } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** GET /incident/list, POST /incident/read and the live push (PGlite by default, PostgreSQL with DATABASE_URL). */
let t: TestApp;
let admin: string;
let sub: SignedInAccount;
const BTC = 1;
const ETH = 2;

const list = async (token: string, query = '', lang?: string) => {
  const res = await t.call('GET', `/backend/incident/list${query}`, { token, ...(lang ? { lang } : {}) });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return incidentListResponse.parse(res.body.data);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  for (const coinId of [BTC, ETH]) await importKey(t, admin, { coinId, apiKey: `incident-admin-${coinId}` });
  sub = await signUp(t, admin, 'incident-sub@makerdesk.local', { coinIds: [BTC] });
  await importKey(t, sub.token, { coinId: BTC, apiKey: 'incident-sub-key' });
}, 60_000);
afterAll(() => t.close());

describe('incident centre', () => {
  it('an emergency stop is an incident saying who and what, halts the pair, reads in Chinese, and a bot switched on again ends the halt', async () => {
    const stop = await t.call('POST', '/backend/robot/emergencyStop', { token: admin, body: { coinId: ETH } });
    expect(stop.body).toMatchObject({ code: 200 });
    const en = await list(admin, `?coinId=${ETH}`);
    expect(en.items[0]).toMatchObject({ kind: 'emergency_stop', level: 'warn', coinId: ETH, coinName: 'ETH/USDT', robotId: null, readAt: null, title: 'Emergency stop of ETH/USDT' });
    expect(en.items[0]!.text).toMatch(/^Halted by admin@makerdesk\.local at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: 0 order\(s\) cancelled, 0 bot\(s\) stopped\. Reason: stop button pressed$/);
    expect(en.unread).toBe(1);
    expect(en.halted).toEqual([expect.objectContaining({ coinId: ETH, by: 'admin@makerdesk.local', ordersCancelled: 0, botsStopped: 0, incidentId: en.items[0]!.id })]);
    expect(en.halted[0]!.text).toMatch(/^Halted by admin@makerdesk\.local at .+ UTC: 0 order\(s\) cancelled, 0 bot\(s\) stopped$/);

    const zh = await list(admin, `?coinId=${ETH}`, 'zh_CN');
    expect(zh.items[0]!.title).toBe('ETH/USDT 紧急停止');
    expect(zh.items[0]!.text).toContain('原因：按下了紧急停止按钮');
    expect(zh.halted[0]!.text).toMatch(/^已由 admin@makerdesk\.local 于 .+ 紧急停止：撤销 0 笔订单，停止 0 个机器人$/);

    // The stop reached the account's alerts too: each reader reads it in its language (alerts from before keep their words).
    const alertOf = async (lang: string) => (await t.call('GET', `/backend/alert/list?coinId=${ETH}`, { token: admin, lang })).body.data.list[0];
    expect(await alertOf('en_US')).toMatchObject({ level: 'warn', title: 'Emergency stop of ETH/USDT' });
    expect(await alertOf('zh_CN')).toMatchObject({ title: 'ETH/USDT 紧急停止', text: expect.stringContaining('原因：按下了紧急停止按钮') });

    // A monitor switched on does not end the halt; a quoting bot does.
    const types = (await t.call('GET', `/backend/robot/init/list?coinId=${ETH}`, { token: admin })).body.data as { type: string; defaults: unknown }[];
    const deploy = (type: string) =>
      t.call('PUT', '/backend/robot/update', { token: admin, body: { coinId: ETH, type, config: types.find((i) => i.type === type)!.defaults, status: 'running', startMode: 'now', priceMode: 'normal' } });
    expect((await deploy('monitor_price')).body).toMatchObject({ code: 200 });
    expect((await list(admin, `?coinId=${ETH}`)).halted).toHaveLength(1);
    expect((await deploy('depth_near')).body).toMatchObject({ code: 200 });
    expect((await list(admin, `?coinId=${ETH}`)).halted).toEqual([]);
  });

  it('a restricted account sees its own incidents on its pairs only; the main account sees every one', async () => {
    const own = await t.services.incidents.record({ coinId: BTC, adminId: sub.id, level: 'error', kind: 'bot_stopped', title: text('incident.botFailedTitle', { bot: '#9' }), text: text('incident.botFailedText', { bot: '#9', pair: 'BTC/USDT', reason: '5 ticks failed in a row' }) });
    const mains = await t.services.incidents.record({ coinId: BTC, adminId: (await t.call('GET', '/backend/admin/list', { token: admin })).body.data.list.find((a: { account: string }) => a.account === 'admin@makerdesk.local').id, level: 'warn', kind: 'monitor_alert', title: text('incident.monitorAlertTitle', { title: 'Price above bound' }), text: text('incident.monitorAlertText', { text: 'x' }) });
    expect(own && mains).toBeTruthy();

    const subAll = await list(sub.token);
    expect(subAll.items.map((i) => i.id)).toEqual([own!.id]);
    expect(subAll.items[0]).toMatchObject({ title: 'Bot #9 stopped by failures', text: 'Bot #9 on BTC/USDT stopped itself: 5 ticks failed in a row', robotId: null });
    expect(subAll.unread).toBe(1);
    expect(JSON.stringify(subAll)).not.toContain('admin@makerdesk.local');

    const mainAll = await list(admin);
    expect(mainAll.items.map((i) => i.id)).toEqual(expect.arrayContaining([own!.id, mains!.id]));
    expect(mainAll.items.map((i) => i.coinId)).toEqual(expect.arrayContaining([BTC, ETH]));
    // Newest first.
    expect(mainAll.items.map((i) => i.id)).toEqual([...mainAll.items.map((i) => i.id)].sort((a, b) => b - a));

    const forbidden = await t.call('GET', `/backend/incident/list?coinId=${ETH}`, { token: sub.token });
    expect(forbidden.body).toMatchObject({ code: 403, data: { code: ErrorCode.FORBIDDEN } });
    // Marking another account's incident read marks nothing.
    expect((await t.call('POST', '/backend/incident/read', { token: sub.token, body: { ids: [mains!.id] } })).body).toMatchObject({ code: 200, data: { marked: 0, unread: 1 } });
  });

  it('marks one read, then all of a pair; the read time shows per reader', async () => {
    const before = await list(admin, `?coinId=${BTC}`);
    expect(before.unread).toBe(2);
    const first = before.items[0]!;
    const one = await t.call('POST', '/backend/incident/read', { token: admin, body: { ids: [first.id], coinId: BTC } });
    expect(one.body).toMatchObject({ code: 200, data: { marked: 1, unread: 1 } });
    // Without a pair the count is across the reader's pairs: ETH/USDT's stop is still unread.
    expect((await t.call('POST', '/backend/incident/read', { token: admin, body: { ids: [first.id] } })).body).toMatchObject({ code: 200, data: { marked: 0, unread: 2 } });
    const after = await list(admin, `?coinId=${BTC}`);
    expect(after.items.find((i) => i.id === first.id)!.readAt).toEqual(expect.any(Number));
    // The other reader's state is its own.
    expect((await list(sub.token, `?coinId=${BTC}`)).unread).toBe(1);
    const all = await t.call('POST', '/backend/incident/read', { token: admin, body: { coinId: BTC } });
    expect(all.body).toMatchObject({ code: 200, data: { marked: 1, unread: 0 } });
    expect((await list(admin, `?coinId=${BTC}`)).items.every((i) => i.readAt !== null)).toBe(true);
  });

  it('bad input answers the envelope and changes nothing', async () => {
    const unreadBefore = (await list(sub.token)).unread;
    for (const query of ['?limit=0', '?limit=201', '?coinId=abc', '?coinId=0', '?coinId=99999']) {
      const res = await t.call('GET', `/backend/incident/list${query}`, { token: sub.token });
      expect(res.body.code, query).not.toBe(200);
      expect(res.body, query).toEqual({ code: expect.any(Number), data: expect.anything(), msg: expect.any(String) });
    }
    for (const body of [{ ids: [] }, { ids: ['x'] }, { ids: [1.5] }, { coinId: -1 }, { ids: Array.from({ length: 501 }, (_, i) => i + 1) }]) {
      const res = await t.call('POST', '/backend/incident/read', { token: sub.token, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, data: { code: ErrorCode.INVALID_PARAMS } });
    }
    expect((await list(sub.token)).unread).toBe(unreadBefore);
  });
});

describe('incidents over the WebSocket', () => {
  it('a new incident reaches the sockets that may see it, in their language, and not the others', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/backend/ws`;
    const open = async (token: string, lang: string) => {
      const socket = new WebSocket(`${url}?lang=${lang}`);
      const messages: unknown[] = [];
      socket.on('message', (raw) => messages.push(liveServerMessage.parse(JSON.parse(String(raw)))));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'auth', token }));
      await expect.poll(() => messages.some((m) => (m as { type: string }).type === 'ready')).toBe(true);
      return { socket, messages };
    };
    const mainSocket = await open(admin, 'zh_CN');
    const subSocket = await open(sub.token, 'en_US');

    const stop = await t.call('POST', '/backend/robot/emergencyStop', { token: admin, body: { coinId: BTC } });
    expect(stop.body).toMatchObject({ code: 200 });
    await expect.poll(() => mainSocket.messages.filter((m) => (m as { type: string }).type === 'incident')).toEqual([
      { type: 'incident', coinId: BTC, data: expect.objectContaining({ kind: 'emergency_stop', title: 'BTC/USDT 紧急停止', readAt: null }) },
    ]);
    // The main account's stop is not the restricted account's to see.
    await t.services.bus.flush();
    expect(subSocket.messages.filter((m) => (m as { type: string }).type === 'incident')).toEqual([]);

    await t.services.incidents.record({ coinId: BTC, adminId: sub.id, level: 'error', kind: 'venue_down', title: text('incident.venueDownTitle'), text: text('incident.venueDownText', { bot: '#3', pair: 'BTC/USDT', reason: 'timeout' }) });
    await expect.poll(() => subSocket.messages.filter((m) => (m as { type: string }).type === 'incident')).toEqual([
      { type: 'incident', coinId: BTC, data: expect.objectContaining({ kind: 'venue_down', title: 'Venue unreachable', level: 'error' }) },
    ]);
    await expect.poll(() => mainSocket.messages.filter((m) => (m as { type: string }).type === 'incident').length).toBe(2);
    mainSocket.socket.close();
    subSocket.socket.close();
  });
});
