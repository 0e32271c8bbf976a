import { EMPTY_LIVE_FIGURES, ErrorCode, LIVE_SOCKET_AUTH_TIMEOUT_MS, LIVE_SOCKET_CLOSE, LIVE_SOCKETS_PER_ACCOUNT, LIVE_SOCKETS_PER_ADDRESS, liveServerMessage } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { importKey, signUp, type SignedInAccount } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { LIVE_SOCKET_LIMITS } from './ws.routes.ts';

let t: TestApp;
let token: string;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await importKey(t, token, { coinId: 1, apiKey: 'ws-key', secretKey: 'ws-secret' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = socketUrl(t);
});
afterAll(() => t.close());

interface Client {
  socket: WebSocket;
  next(type: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire messages
  closed: Promise<number>;
  /** The close code with its reason. */
  closing: Promise<{ code: number; reason: string }>;
  /** How many messages of `type` came so far. */
  count(type: string): number;
}

function socketUrl(app: TestApp): string {
  const address = app.app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/backend/ws`;
}

async function connect(to = url): Promise<Client> {
  const socket = new WebSocket(to);
  const inbox: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  const waiters: { type: string; resolve: (m: unknown) => void }[] = [];
  const counts = new Map<string, number>();
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    counts.set(message.type, (counts.get(message.type) ?? 0) + 1);
    const i = waiters.findIndex((w) => w.type === message.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(message);
    else inbox.push(message);
  });
  const closing = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    closed: closing.then(({ code }) => code),
    closing,
    count: (type) => counts.get(type) ?? 0,
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
    expect(order.data.source).toEqual({ kind: 'manual', robotId: null, robotName: null });
    const balances = await c.next('balances');
    expect(balances.data.map((b: { asset: string }) => b.asset)).toEqual(expect.arrayContaining(['BTC', 'USDT']));
    c.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await c.next('pong')).toEqual({ type: 'pong' });
    c.socket.close();
  });

  it('refuses a bad token and a subscription before authentication with 4401', async () => {
    const bad = await connect();
    bad.socket.send(JSON.stringify({ type: 'auth', token: 'nope' }));
    expect(await bad.closed).toBe(LIVE_SOCKET_CLOSE.unauthorized);
    const early = await connect();
    early.socket.send(JSON.stringify({ type: 'subscribe', coinId: 1 }));
    expect(await early.closed).toBe(LIVE_SOCKET_CLOSE.unauthorized);
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
    expect(message).toEqual({ type: 'robots', coinId: 1, data: [{ id, runtime: { ...EMPTY_LIVE_FIGURES, activity: 'idle', lastTickAt: null, nextTickAt: null, consecutiveFailures: 0, throttledUntil: null, openOrders: 0, feed: null } }] });
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
    expect(code).toBe(LIVE_SOCKET_CLOSE.unauthorized);
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
    expect(await closeCode(c, CLOSE_WITHIN_MS)).toBe(LIVE_SOCKET_CLOSE.unauthorized);
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
    expect(await closeCode(a, CLOSE_WITHIN_MS)).toBe(LIVE_SOCKET_CLOSE.unauthorized);

    const reset = await tradingUser();
    const b = await watching(reset.token);
    await t.call('PUT', '/backend/admin/update', { token, body: { id: reset.id, password: 'Another-pass-1' } });
    expect(await closeCode(b, CLOSE_WITHIN_MS)).toBe(LIVE_SOCKET_CLOSE.unauthorized);
  });

  it('changing one’s own password closes the other sessions’ sockets and keeps this one’s', async () => {
    const user = await tradingUser();
    const otherToken = await t.login(user.account, user.password);
    const here = await watching(user.token);
    const elsewhere = await watching(otherToken);
    const changed = await t.call('PUT', '/backend/admin/update', { token: user.token, body: { oldPassword: user.password, password: 'Changed-pass-1', confirmPassword: 'Changed-pass-1' } });
    expect(changed.body.code).toBe(200);
    expect(await closeCode(elsewhere, CLOSE_WITHIN_MS)).toBe(LIVE_SOCKET_CLOSE.unauthorized);
    const placed = await buy(user.token);
    expect((await here.next('order')).data.orderNo).toBe(placed.body.data.orderNo);
    here.socket.close();
  });

  it('a socket that authenticates with an already revoked session is refused', async () => {
    const user = await tradingUser();
    await t.call('GET', '/backend/admin/logout', { token: user.token });
    const c = await connect();
    c.socket.send(JSON.stringify({ type: 'auth', token: user.token }));
    expect(await closeCode(c, 1000)).toBe(LIVE_SOCKET_CLOSE.unauthorized);
  });
});

describe('/backend/ws: one subscription per socket and pair', () => {
  const REPEATS = 1000;
  /** What stays open on the server: subscriptions through the simulator's access, and bot listeners. */
  const held = () => ({ venue: t.services.sim.liveSubscriptions, robots: t.services.engine.live.listenerCount });
  const send = (c: Client, message: unknown) => c.socket.send(JSON.stringify(message));

  async function signedIn(): Promise<Client> {
    const c = await connect();
    send(c, { type: 'auth', token });
    await c.next('ready');
    return c;
  }

  /** Waits (real time) until `done` holds, or fails after `ms`. */
  async function until(done: () => boolean, ms = 5000): Promise<void> {
    const end = Date.now() + ms;
    while (!done()) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Books the socket receives for one step of the simulator's market, after a moment for any copies. */
  async function booksOfOneStep(c: Client, firstWithinMs: number): Promise<number> {
    const before = c.count('book');
    t.services.sim.localHost.venue.step();
    await until(() => c.count('book') > before, firstWithinMs).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    return c.count('book') - before;
  }

  it(`${REPEATS} subscribes of one pair hold one subscription: each book message comes once, and unsubscribe releases it`, async () => {
    const baseline = held();
    const c = await signedIn();
    for (let i = 0; i < REPEATS; i++) send(c, { type: 'subscribe', coinId: 1 });
    await until(() => c.count('subscribed') === REPEATS);
    expect(held()).toEqual({ venue: baseline.venue + 1, robots: baseline.robots + 1 });
    expect(await booksOfOneStep(c, 5000)).toBe(1);

    send(c, { type: 'unsubscribe' });
    await until(() => held().venue === baseline.venue);
    expect(held()).toEqual(baseline);
    expect(await booksOfOneStep(c, 300)).toBe(0);
    c.socket.close();
  });

  it(`${REPEATS} subscribes then close release every subscription, those still being opened included`, async () => {
    const baseline = held();
    const settled = await signedIn();
    const hasty = await signedIn();
    for (let i = 0; i < REPEATS; i++) {
      send(settled, { type: 'subscribe', coinId: 1 });
      send(hasty, { type: 'subscribe', coinId: 1 });
    }
    await until(() => settled.count('subscribed') === REPEATS);
    // One socket closes once its subscribes are answered, the other while they are still arriving.
    hasty.socket.close();
    settled.socket.close();
    await Promise.all([hasty.closed, settled.closed]);
    await until(() => held().venue === baseline.venue && held().robots === baseline.robots);
    await new Promise((r) => setTimeout(r, 200));
    expect(held()).toEqual(baseline);
  });

  it('another pair replaces the one streaming; a refused pair leaves nothing streaming', async () => {
    await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey: 'ws-key-sol', secretKey: 'ws-secret-sol', coinId: 3 } });
    const baseline = held();
    const c = await signedIn();
    send(c, { type: 'subscribe', coinId: 1 });
    await c.next('subscribed');
    send(c, { type: 'subscribe', coinId: 3 });
    expect(await c.next('subscribed')).toEqual({ type: 'subscribed', coinId: 3 });
    expect(held()).toEqual({ venue: baseline.venue + 1, robots: baseline.robots + 1 });
    const before = c.count('book');
    t.services.sim.localHost.venue.step();
    const book = await c.next('book');
    while (c.count('book') > before + 1) await c.next('book');
    expect(book.coinId).toBe(3);
    // ETH/USDT has no key of the account: refused, and SOL/USDT no longer streams either.
    send(c, { type: 'subscribe', coinId: 2 });
    expect((await c.next('error')).code).toBe(ErrorCode.CREDENTIAL_NOT_FOUND);
    expect(held()).toEqual(baseline);
    c.socket.close();
  });
});

describe('/backend/ws: time to authenticate and caps', () => {
  const AUTH_TIMEOUT_MS = 300;
  let timed: TestApp;
  let capped: TestApp;

  beforeAll(async () => {
    [timed, capped] = await Promise.all([
      createTestApp({ liveSocket: { authTimeoutMs: AUTH_TIMEOUT_MS, perAccount: 20, perAddress: 60 } }),
      createTestApp({ liveSocket: { authTimeoutMs: 10_000, perAccount: 2, perAddress: 4 } }),
    ]);
    await Promise.all([timed.app.listen({ port: 0, host: '127.0.0.1' }), capped.app.listen({ port: 0, host: '127.0.0.1' })]);
  });
  afterAll(() => Promise.all([timed.close(), capped.close()]));

  const stillOpen = async (c: Client, ms = 150) => (await Promise.race([c.closed.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))])) && c.socket.readyState === WebSocket.OPEN;

  it('closes a socket that has not authenticated in time with 4408 (pings do not count), and keeps one that has', async () => {
    const opened = performance.now();
    const [silent, pinging, signed] = await Promise.all([connect(socketUrl(timed)), connect(socketUrl(timed)), connect(socketUrl(timed))]);
    signed.socket.send(JSON.stringify({ type: 'auth', token: await timed.login() }));
    await signed.next('ready');
    pinging.socket.send(JSON.stringify({ type: 'ping' }));
    await pinging.next('pong');
    expect(await silent.closing).toEqual({ code: LIVE_SOCKET_CLOSE.authTimeout, reason: 'authenticate within 1 s' });
    expect(performance.now() - opened).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 20);
    expect((await pinging.closing).code).toBe(LIVE_SOCKET_CLOSE.authTimeout);
    expect(await stillOpen(signed, AUTH_TIMEOUT_MS)).toBe(true);
    signed.socket.send(JSON.stringify({ type: 'ping' }));
    await signed.next('pong');
    signed.socket.close();
  });

  it('the default time to authenticate is the contract’s 10 s', () => {
    expect(LIVE_SOCKET_LIMITS.authTimeoutMs).toBe(10_000);
    expect(LIVE_SOCKET_LIMITS).toEqual({ authTimeoutMs: LIVE_SOCKET_AUTH_TIMEOUT_MS, perAccount: LIVE_SOCKETS_PER_ACCOUNT, perAddress: LIVE_SOCKETS_PER_ADDRESS });
  });

  it('caps the sockets of one address: the one past it closes with 4429 at once; a closed one makes room', async () => {
    const to = socketUrl(capped);
    const four = await Promise.all([1, 2, 3, 4].map(() => connect(to)));
    for (const c of four) expect(await stillOpen(c)).toBe(true);
    const fifth = await connect(to);
    expect(await fifth.closing).toEqual({ code: LIVE_SOCKET_CLOSE.tooMany, reason: 'too many live connections from this address' });
    four[0]!.socket.close();
    await four[0]!.closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = await connect(to);
    expect(await stillOpen(again)).toBe(true);
    for (const c of [...four.slice(1), again]) c.socket.close();
    await Promise.all([...four.slice(1), again].map((c) => c.closed));
  });

  it('caps the sockets of one account: one more authenticating closes with 4429; other accounts are not concerned', async () => {
    await new Promise((r) => setTimeout(r, 50));
    const to = socketUrl(capped);
    const mainToken = await capped.login();
    await capped.call('POST', '/backend/admin/addUser', { token: mainToken, body: { account: 'ws-cap@makerdesk.local', role: 'trader', employeeName: 'Cap', password: 'Cap-pass-1234' } });
    const otherToken = await capped.login('ws-cap@makerdesk.local', 'Cap-pass-1234');
    const signIn = async (as: string) => {
      const c = await connect(to);
      c.socket.send(JSON.stringify({ type: 'auth', token: as }));
      return c;
    };
    const [a, b] = await Promise.all([signIn(mainToken), signIn(mainToken)]);
    await Promise.all([a.next('ready'), b.next('ready')]);
    const third = await signIn(mainToken);
    expect(await third.closing).toEqual({ code: LIVE_SOCKET_CLOSE.tooMany, reason: 'too many live connections for this account' });
    const other = await signIn(otherToken);
    await other.next('ready');
    a.socket.close();
    await a.closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = await signIn(mainToken);
    await again.next('ready');
    for (const c of [b, other, again]) c.socket.close();
  });
});
