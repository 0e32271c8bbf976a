import { ErrorCode, liveServerMessage } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { WS_CLOSE_UNAUTHORIZED } from './ws.routes.ts';

let t: TestApp;
let token: string;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: 'ws-key', secretKey: 'ws-secret', coinId: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/backend/ws`;
});
afterAll(() => t.close());

interface Client {
  socket: WebSocket;
  next(type: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire messages
  closed: Promise<number>;
}

async function connect(): Promise<Client> {
  const socket = new WebSocket(url);
  const inbox: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const waiters: { type: string; resolve: (m: unknown) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    const i = waiters.findIndex((w) => w.type === message.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(message);
    else inbox.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    closed,
    next(type) {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        waiters.push({ type, resolve });
        setTimeout(() => reject(new Error(`no ${type} message`)), 5000);
      });
    },
  };
}

describe('/backend/ws', () => {
  it('authenticates, subscribes, and streams the book, trades, own orders and balances', async () => {
    const c = await connect();
    c.socket.send(JSON.stringify({ type: 'auth', token }));
    await c.next('ready');
    c.socket.send(JSON.stringify({ type: 'subscribe', coinId: 1 }));
    expect(await c.next('subscribed')).toEqual({ type: 'subscribed', coinId: 1 });
    t.services.simHost.venue.step();
    const book = await c.next('book');
    expect(book.coinId).toBe(1);
    expect(book.data.bids.length).toBeGreaterThan(0);

    const placed = await t.call('POST', '/backend/order/addOrder', { token, body: { coinId: 1, direction: 'buy', tradeType: 'market', amount: '0.001' } });
    const order = await c.next('order');
    expect(order.data.orderNo).toBe(placed.body.data.orderNo);
    const balances = await c.next('balances');
    expect(balances.data.map((b: { asset: string }) => b.asset)).toEqual(expect.arrayContaining(['BTC', 'USDT']));
    c.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await c.next('pong')).toEqual({ type: 'pong' });
    c.socket.close();
  });

  it('refuses a bad token and a subscription before authentication with 4401', async () => {
    const bad = await connect();
    bad.socket.send(JSON.stringify({ type: 'auth', token: 'nope' }));
    expect(await bad.closed).toBe(WS_CLOSE_UNAUTHORIZED);
    const early = await connect();
    early.socket.send(JSON.stringify({ type: 'subscribe', coinId: 1 }));
    expect(await early.closed).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  it('answers a catalogue error for a pair without a key, and closes on malformed messages', async () => {
    const c = await connect();
    c.socket.send(JSON.stringify({ type: 'auth', token }));
    await c.next('ready');
    c.socket.send(JSON.stringify({ type: 'subscribe', coinId: 2 }));
    const error = await c.next('error');
    expect(error).toEqual({ type: 'error', code: ErrorCode.CREDENTIAL_NOT_FOUND, msg: 'API key not found' });
    c.socket.send('{not json');
    expect(await c.closed).toBe(4400);
  });

  it("streams the caller's bots on the pair when they change, and nobody else's", async () => {
    const c = await connect();
    c.socket.send(JSON.stringify({ type: 'auth', token }));
    await c.next('ready');
    c.socket.send(JSON.stringify({ type: 'subscribe', coinId: 1 }));
    await c.next('subscribed');
    const defaults = (await t.call('GET', '/backend/robot/init/list?coinId=1', { token })).body.data.find((i: { type: string }) => i.type === 'depth_far').defaults;
    const saved = await t.call('PUT', '/backend/robot/update', { token, body: { coinId: 1, type: 'depth_far', config: defaults, status: 'running', startMode: 'now', priceMode: 'normal' } });
    const id = saved.body.data.id as number;
    const message = await c.next('robots');
    expect(message).toEqual({ type: 'robots', coinId: 1, data: [{ id, runtime: { activity: 'idle', lastTickAt: null, nextTickAt: null, consecutiveFailures: 0, throttledUntil: null, openOrders: 0 } }] });
    expect(liveServerMessage.safeParse(message).success).toBe(true);
    // Another account's bot on the same pair, changed in the same second as ours, is left out.
    const added = await t.call('POST', '/backend/admin/addUser', { token, body: { account: 'ws-other@makerdesk.local', role: 'trader', employeeName: 'O', password: 'Other-pass-12' } });
    await t.call('POST', '/backend/account-permissions/add', { token, body: { adminId: added.body.data.id, coinId: 1 } });
    const otherToken = await t.login('ws-other@makerdesk.local', 'Other-pass-12');
    await t.call('POST', '/backend/credentials/add', { token: otherToken, body: { platformId: 1, apiKey: 'ws-other-key', secretKey: 'ws-other-secret', coinId: 1 } });
    const theirs = await t.call('PUT', '/backend/robot/update', { token: otherToken, body: { coinId: 1, type: 'depth_far', config: defaults, status: 'running', startMode: 'now', priceMode: 'normal' } });
    expect(theirs.body.code).toBe(200);
    await t.call('PUT', '/backend/robot/update', { token, body: { id, coinId: 1, type: 'depth_far', config: defaults, status: 'stopped', startMode: 'now', priceMode: 'normal' } });
    expect((await c.next('robots')).data.map((r: { id: number }) => r.id)).toEqual([id]);
    c.socket.close();
  });
});
