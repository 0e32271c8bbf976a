import { ErrorCode, liveServerMessage } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { importKey, signUp, type SignedInAccount } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { WS_CLOSE_UNAUTHORIZED } from './ws.routes.ts';

let t: TestApp;
let token: string;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await importKey(t, token, { coinId: 1, apiKey: 'ws-key', secretKey: 'ws-secret' });
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
    t.services.sim.localHost.venue.step();
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
    const { token: otherToken } = await signUp(t, token, 'ws-other@makerdesk.local', { coinIds: [1] });
    await importKey(t, otherToken, { coinId: 1, apiKey: 'ws-other-key', secretKey: 'ws-other-secret' });
    const theirs = await t.call('PUT', '/backend/robot/update', { token: otherToken, body: { coinId: 1, type: 'depth_far', config: defaults, status: 'running', startMode: 'now', priceMode: 'normal' } });
    expect(theirs.body.code).toBe(200);
    await t.call('PUT', '/backend/robot/update', { token, body: { id, coinId: 1, type: 'depth_far', config: defaults, status: 'stopped', startMode: 'now', priceMode: 'normal' } });
    expect((await c.next('robots')).data.map((r: { id: number }) => r.id)).toEqual([id]);
    c.socket.close();
  });
});

describe('/backend/ws after the session is revoked', () => {
  const CLOSE_WITHIN_MS = 200;
  let userNo = 0;

  /** A restricted account bound to BTC/USDT with its own simulator key, signed in. */
  async function tradingUser(): Promise<SignedInAccount> {
    const user = await signUp(t, token, `ws-revoked-${++userNo}@makerdesk.local`, { coinIds: [1] });
    await importKey(t, user.token, { coinId: 1, apiKey: `ws-revoked-key-${userNo}`, secretKey: 'ws-revoked-secret' });
    return user;
  }

  /** A socket of `sessionToken` streaming BTC/USDT, recording every message from now on. */
  async function watching(sessionToken: string): Promise<Client & { received: { type: string; data?: any }[] }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- wire messages
    const c = await connect();
    c.socket.send(JSON.stringify({ type: 'auth', token: sessionToken }));
    await c.next('ready');
    c.socket.send(JSON.stringify({ type: 'subscribe', coinId: 1 }));
    await c.next('subscribed');
    const received: { type: string }[] = [];
    c.socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
    return Object.assign(c, { received });
  }

  /** Waits for the close; 'open' when it has not come within the budget. */
  async function closeCode(c: Client, withinMs: number): Promise<number | 'open'> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'open'>((resolve) => (timer = setTimeout(() => resolve('open'), withinMs)));
    try {
      return await Promise.race([c.closed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  const buy = (sessionToken: string) => t.call('POST', '/backend/order/addOrder', { token: sessionToken, body: { coinId: 1, direction: 'buy', tradeType: 'market', amount: '0.001' } });

  it('logout closes that session’s sockets at once, and its orders and balances stop; another session of the account keeps streaming', async () => {
    const user = await tradingUser();
    const otherToken = await t.login(user.account, user.password);
    const leaving = await watching(user.token);
    const staying = await watching(otherToken);

    const before = performance.now();
    expect((await t.call('GET', '/backend/admin/logout', { token: user.token })).body.code).toBe(200);
    const code = await closeCode(leaving, CLOSE_WITHIN_MS);
    const closedAfterMs = performance.now() - before;
    expect(code).toBe(WS_CLOSE_UNAUTHORIZED);
    expect(closedAfterMs).toBeLessThan(CLOSE_WITHIN_MS);

    // The account keeps trading from its other session: that socket sees the order, the closed one nothing.
    const receivedAtLogout = leaving.received.length;
    const placed = await buy(otherToken);
    expect(placed.body.code).toBe(200);
    t.services.sim.localHost.venue.step();
    expect((await staying.next('order')).data.orderNo).toBe(placed.body.data.orderNo);
    await staying.next('balances');
    expect(leaving.received.length).toBe(receivedAtLogout);
    expect(leaving.received.some((m) => m.type === 'order' && m.data.orderNo === placed.body.data.orderNo)).toBe(false);
    expect(staying.socket.readyState).toBe(WebSocket.OPEN);
    staying.socket.close();
  });

  it('deleting the account closes its sockets at once and nothing more reaches them', async () => {
    const user = await tradingUser();
    const c = await watching(user.token);
    const placed = await buy(user.token);
    expect((await c.next('order')).data.orderNo).toBe(placed.body.data.orderNo);

    const before = performance.now();
    expect((await t.call('DELETE', `/backend/admin/${user.id}`, { token })).body.code).toBe(200);
    expect(await closeCode(c, CLOSE_WITHIN_MS)).toBe(WS_CLOSE_UNAUTHORIZED);
    const closedAfterMs = performance.now() - before;
    expect(closedAfterMs).toBeLessThan(CLOSE_WITHIN_MS);
    const receivedAtDeletion = c.received.length;
    t.services.sim.localHost.venue.step();
    await new Promise((r) => setTimeout(r, 100));
    expect(c.received.length).toBe(receivedAtDeletion);
  });

  it('suspending the account, and setting its password, close its sockets at once', async () => {
    const suspended = await tradingUser();
    const a = await watching(suspended.token);
    await t.call('PUT', '/backend/admin/update', { token, body: { id: suspended.id, status: 'suspended' } });
    expect(await closeCode(a, CLOSE_WITHIN_MS)).toBe(WS_CLOSE_UNAUTHORIZED);

    const reset = await tradingUser();
    const b = await watching(reset.token);
    await t.call('PUT', '/backend/admin/update', { token, body: { id: reset.id, password: 'Another-pass-1' } });
    expect(await closeCode(b, CLOSE_WITHIN_MS)).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  it('changing one’s own password closes the other sessions’ sockets and keeps this one’s', async () => {
    const user = await tradingUser();
    const otherToken = await t.login(user.account, user.password);
    const here = await watching(user.token);
    const elsewhere = await watching(otherToken);
    const changed = await t.call('PUT', '/backend/admin/update', { token: user.token, body: { oldPassword: user.password, password: 'Changed-pass-1', confirmPassword: 'Changed-pass-1' } });
    expect(changed.body.code).toBe(200);
    expect(await closeCode(elsewhere, CLOSE_WITHIN_MS)).toBe(WS_CLOSE_UNAUTHORIZED);
    const placed = await buy(user.token);
    expect((await here.next('order')).data.orderNo).toBe(placed.body.data.orderNo);
    here.socket.close();
  });

  it('a socket that authenticates with an already revoked session is refused', async () => {
    const user = await tradingUser();
    await t.call('GET', '/backend/admin/logout', { token: user.token });
    const c = await connect();
    c.socket.send(JSON.stringify({ type: 'auth', token: user.token }));
    expect(await closeCode(c, 1000)).toBe(WS_CLOSE_UNAUTHORIZED);
  });
});
