/**
 * Two servers on one PostgreSQL database (issue 9): A holds the simulator's claim and runs it, B
 * reaches it over the internal API. PostgreSQL only (the claim is an advisory lock across
 * connections): a scratch database on the test run's PostgreSQL server.
 */
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@makerdesk/contract';
import { minus, toFixed } from '@makerdesk/decimal';
import { ExchangeError, type ExchangeEvent, type Order } from '@makerdesk/exchange';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalClusterBus } from '../bus/cluster-bus.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { clusterNodes } from '../db/schema.ts';
import { SimStateRepository } from '../repositories/sim-state.repository.ts';
import { deriveKey } from '../security/master-key.ts';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database.ts';
import { postgresServerUrl } from '../testing/test-postgres.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { simVenueFactory } from './sim-factory.ts';
import { SimHost } from './sim-host.ts';
import { SimSeat } from './sim-seat.ts';
import { NONCE_HEADER, SIGNATURE_HEADER, SIM_CALL_PATH, signCall, signedHeaders, TIMESTAMP_HEADER } from './sim-wire.ts';

const BTC = 1;
const SYMBOL = 'BTC/USDT';
const API_KEY = 'cluster-key-1';
const serverUrl = postgresServerUrl();

let scratch: ScratchDatabase;
let dbA: Database;
let dbB: Database;
let seatA: SimSeat;
let seatB: SimSeat;
let a: TestApp;
let b: TestApp;
let tokenB: string;
const masterKey = randomBytes(32);
const clusterKey = deriveKey(masterKey, 'cluster-sim');

/** The error a call rejects with; a call that resolves fails the test. */
async function failure(promise: Promise<unknown>): Promise<ExchangeError> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: unknown) => err as ExchangeError,
  );
}
// One process stands for the cluster: one bus carries both servers' messages, as NOTIFY would.
const bus = new LocalClusterBus('cluster-test');

function urlOf(t: TestApp): string {
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

function seatOptions(database: Database, nodeId: string) {
  return {
    database,
    nodeId,
    bus,
    key: clusterKey,
    open: () => SimHost.open(new SimStateRepository(database.db), { create: simVenueFactory(7), background: false, closeTimeoutMs: 300 }),
    onLost: () => undefined,
    retryMs: 250,
    heartbeatMs: 500,
    relayPeriodMs: 100,
  };
}

const venueA = () => {
  const venue = seatA.access.localVenue;
  if (!venue) throw new Error('A does not run the simulator');
  return venue;
};

async function call(t: TestApp, body: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: SIM_CALL_PATH, payload: body, headers: { 'content-type': 'application/json', ...headers } });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

beforeAll(async () => {
  scratch = await scratchDatabase(serverUrl);
  dbA = await openDatabase(scratch.target);
  dbB = await openDatabase(scratch.target);
  await dbA.migrate();
  seatA = await SimSeat.start(seatOptions(dbA, 'node-a'));
  a = await createTestApp({ database: dbA, masterKey, sim: seatA.access, listen: true });
  await seatA.advertise(urlOf(a));
  seatB = await SimSeat.start(seatOptions(dbB, 'node-b'));
  b = await createTestApp({ database: dbB, masterKey, sim: seatB.access, listen: true });
  await seatB.advertise(urlOf(b));
  for (let i = 0; i < 10; i++) venueA().step();
  tokenB = await b.login();
}, 60_000);

afterAll(async () => {
  for (const t of [b, a]) await t?.close().catch(() => undefined);
  for (const seat of [seatB, seatA]) await seat?.close().catch(() => undefined);
  for (const db of [dbB, dbA]) await db?.close().catch(() => undefined);
  await scratch?.drop();
}, 30_000);

describe('two servers on one PostgreSQL: A runs the simulator, B reaches it', () => {
  it('A holds the claim and says so in cluster_nodes; B does not', async () => {
    expect(seatA.isHolder).toBe(true);
    expect(seatB.isHolder).toBe(false);
    const rows = await dbA.db.select({ id: clusterNodes.id, url: clusterNodes.url, runs: clusterNodes.runsSimulator }).from(clusterNodes);
    expect(rows.sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      { id: 'node-a', url: urlOf(a), runs: true },
      { id: 'node-b', url: urlOf(b), runs: false },
    ]);
  });

  it('readiness: A runs the simulator, B reaches it (the holder answered lately), and neither says where', async () => {
    await b.services.sim.pairs();
    const [onA, onB] = [await a.call('GET', '/backend/health/ready'), await b.call('GET', '/backend/health/ready')];
    expect(onA.body.data.checks.simulator).toEqual({ ok: true, state: 'local' });
    expect(onB.body.data.checks.simulator).toEqual({ ok: true, state: 'remote' });
    expect(onB.raw.payload).not.toContain(urlOf(a));
  });

  it('a key imported on B opens its account on A; B places and cancels an order that A’s venue shows', async () => {
    const added = await b.call('POST', '/backend/credentials/add', { token: tokenB, body: { platformId: 1, apiKey: API_KEY, secretKey: 'cluster-secret-1', coinId: BTC } });
    expect(added.body.code).toBe(200);
    expect(venueA().hasAccount(API_KEY)).toBe(true);

    const book = (await b.call('GET', `/backend/order/orderBook?coinId=${BTC}`, { token: tokenB })).body.data as { bids: [string, string][] };
    const price = toFixed(minus(book.bids.at(-1)![0], '100'), 2, 'half-up');
    const placed = await b.call('POST', '/backend/order/addOrder', { token: tokenB, body: { coinId: BTC, direction: 'buy', tradeType: 'limit', price, amount: '0.01' } });
    expect(placed.body.code).toBe(200);
    const orderNo = placed.body.data.orderNo as string;
    const onA = await venueA().account(API_KEY).fetchOpenOrders(SYMBOL);
    expect(onA.map((o) => [o.orderNo, o.price, o.amount, o.status])).toEqual([[orderNo, price, '0.01000', 'pending']]);

    const canceled = await b.call('POST', '/backend/order/cancelOrder', { token: tokenB, body: { coinId: BTC, orderNo } });
    expect(canceled.body.data.status).toBe('canceled');
    expect(await venueA().account(API_KEY).fetchOpenOrders(SYMBOL)).toEqual([]);
    expect((await venueA().account(API_KEY).fetchOrder(SYMBOL, orderNo)).status).toBe('canceled');
  });

  it('B’s cancel-replace runs on A in one step, each part’s refusal back as an ExchangeError', async () => {
    const request = (clientOrderId: string, amount = '0.01') => ({ symbol: SYMBOL, direction: 'buy' as const, tradeType: 'limit' as const, price: '30000.00', amount, clientOrderId });
    const resting = await b.services.sim.account(API_KEY).placeOrder(request('cr-old'));
    const done = await b.services.sim.cancelReplace(API_KEY, SYMBOL, resting.orderNo, request('cr-new'), 'stop_on_failure');
    expect(done.canceled).toMatchObject({ ok: true, order: { orderNo: resting.orderNo, status: 'canceled' } });
    expect(done.placed).toMatchObject({ ok: true, order: { clientOrderId: 'cr-new', status: 'pending' } });
    expect((await venueA().account(API_KEY).fetchOpenOrders(SYMBOL)).map((o) => o.clientOrderId)).toEqual(['cr-new']);

    const newNo = done.placed?.ok ? done.placed.order.orderNo : '';
    const refused = await b.services.sim.cancelReplace(API_KEY, SYMBOL, newNo, request('cr-huge', '1000'), 'stop_on_failure');
    expect(refused.canceled.ok).toBe(true);
    expect(refused.placed?.ok).toBe(false);
    if (refused.placed?.ok === false) expect(refused.placed.error).toBeInstanceOf(ExchangeError);
    expect(refused.placed).toMatchObject({ error: { kind: 'insufficient_balance' } });
    const stopped = await b.services.sim.cancelReplace(API_KEY, SYMBOL, newNo, request('cr-next'), 'stop_on_failure');
    expect(stopped).toMatchObject({ canceled: { ok: false, error: { kind: 'order_closed' } }, placed: null });
    await expect(b.services.sim.cancelReplace(API_KEY, SYMBOL, newNo, request('cr-bad', '0.000001'), 'allow_failure')).rejects.toMatchObject({ kind: 'amount_precision' });
  });

  it('B’s manual order book, ticker, other-side book and wallet read A’s venue', async () => {
    const bookB = (await b.call('GET', `/backend/order/orderBook?coinId=${BTC}`, { token: tokenB })).body.data;
    const bookA = await venueA().marketData().fetchOrderBook(SYMBOL, 20);
    expect({ bids: bookB.bids, asks: bookB.asks }).toEqual({ bids: bookA.bids, asks: bookA.asks });
    const price = (await b.call('GET', `/backend/order/getPrice?coinId=${BTC}`, { token: tokenB })).body.data;
    const tickerA = await venueA().marketData().fetchTicker(SYMBOL);
    expect(price).toMatchObject({ symbol: SYMBOL, bid: tickerA.bid, ask: tickerA.ask, last: tickerA.last, reference: venueA().referencePrice(SYMBOL) });
    const other = (await b.call('GET', `/backend/order/orderBookOther?coinId=${BTC}`, { token: tokenB })).body.data;
    expect(other.bids).toEqual(venueA().referenceBook(SYMBOL, 20).bids);
    const wallet = (await b.call('GET', `/backend/order/wallet?coinId=${BTC}`, { token: tokenB })).body.data;
    const balancesA = await venueA().account(API_KEY).fetchBalances();
    expect(wallet.base.total).toBe(balancesA.find((x) => x.asset === 'BTC')!.total);
    // The Binance facade on B answers from A's markets.
    expect(b.services.sim.markets().map((m) => m.symbol)).toEqual(venueA().markets().map((m) => m.symbol));
  });

  it('an ExchangeError raised on A arrives on B with its kind and params; the console shows the same catalogue code', async () => {
    const err = await b.services.sim
      .account(API_KEY)
      .placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: '60000', amount: '100', clientOrderId: 'md-x-too-big' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExchangeError);
    expect((err as ExchangeError).kind).toBe('insufficient_balance');
    const local = await failure(
      venueA().account(API_KEY).placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: '60000', amount: '100', clientOrderId: 'md-x-too-big-2' }),
    );
    expect((err as ExchangeError).message).toBe(local.message);
    expect((err as ExchangeError).params).toEqual(local.params);
    const notFound = await failure(b.services.sim.account(API_KEY).cancelOrder(SYMBOL, '99999999'));
    expect(notFound.kind).toBe('order_not_found');
    const big = await b.call('POST', '/backend/order/addOrder', { token: tokenB, body: { coinId: BTC, direction: 'buy', tradeType: 'limit', price: '60000', amount: '100' } });
    expect(big.body.data.code).toBe(ErrorCode.INSUFFICIENT_BALANCE);
  });

  it('simulation-only self-trades (DESIGN §8) work through the remote path, and the key stays a simulated session', async () => {
    const admin = (await b.services.credentials.materialOf(1, BTC))!;
    expect((await b.services.gateway.session(admin, { budgeted: false })).simulated).toBe(true);
    const account = b.services.sim.account(API_KEY);
    const { bids, asks } = await account.fetchOrderBook(SYMBOL, 1);
    const bid = Number(bids[0]![0]);
    const ask = Number(asks[0]![0]);
    expect(ask - bid).toBeGreaterThan(0.015);
    const inside = toFixed(String((bid + ask) / 2), 2, 'down');
    const rest = await account.placeOrder({ symbol: SYMBOL, direction: 'sell', tradeType: 'limit', price: inside, amount: '0.001', clientOrderId: 'md-x-rest' });
    expect(rest.status).toBe('pending');
    // Without the opt-in, self-trade prevention cancels the incoming order.
    const prevented = await account.placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: inside, amount: '0.001', timeInForce: 'IOC', clientOrderId: 'md-x-stp' });
    expect(prevented.status).toBe('canceled');
    const wash = await account.placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: inside, amount: '0.001', clientOrderId: 'md-x-wash', allowSelfTrade: true });
    expect(wash).toMatchObject({ status: 'filled', filledAmount: '0.00100' });
    expect((await venueA().account(API_KEY).fetchOrder(SYMBOL, rest.orderNo)).status).toBe('filled');
  });

  it('the internal API answers only signed, fresh calls, each once: a bad HMAC, another key, a stale timestamp or a replay is a 401', async () => {
    const body = JSON.stringify({ op: 'referencePrice', args: [SYMBOL] });
    const now = Date.now();
    const headers = signedHeaders(clusterKey, body, now);
    const good = await call(a, body, headers);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ ok: true, value: venueA().referencePrice(SYMBOL) });
    // The same call captured and sent again, within its window: refused.
    const replay = await call(a, body, headers);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ ok: false, error: { kind: 'unauthorized', message: 'Call already answered' } });
    // A new nonce under the old signature does not pass either.
    expect((await call(a, body, { ...headers, [NONCE_HEADER]: '0'.repeat(32) })).statusCode).toBe(401);
    expect((await call(a, body, signedHeaders(clusterKey, body, now))).statusCode).toBe(200);

    const tampered = await call(a, body.replace('BTC', 'ETH'), signedHeaders(clusterKey, body, now));
    expect(tampered.statusCode).toBe(401);
    const otherKey = deriveKey(randomBytes(32), 'cluster-sim');
    expect((await call(a, body, signedHeaders(otherKey, body, now))).statusCode).toBe(401);
    expect((await call(a, body, signedHeaders(clusterKey, body, now - 31_000))).statusCode).toBe(401);
    expect((await call(a, body, signedHeaders(clusterKey, body, now + 31_000))).statusCode).toBe(401);
    // Without a nonce (the signature of an earlier version): refused.
    const ts = String(now);
    expect((await call(a, body, { [TIMESTAMP_HEADER]: ts, [SIGNATURE_HEADER]: signCall(clusterKey, ts, '', body) })).statusCode).toBe(401);
    expect((await call(a, body, {})).statusCode).toBe(401);
    // B does not run the simulator: a signed call there is refused as not the holder.
    expect((await call(b, body, signedHeaders(clusterKey, body, now))).statusCode).toBe(503);
    // Not in the OpenAPI document.
    const doc = (await a.app.inject({ method: 'GET', url: '/backend/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('internal'))).toEqual([]);
  });

  it('B subscribes to a pair and receives the book, trades and its own order events produced on A within a second', async () => {
    const events: ExchangeEvent[] = [];
    const stop = b.services.sim.account(API_KEY).subscribe(SYMBOL, (event) => events.push(event));
    try {
      await bus.flush();
      const started = Date.now();
      const placed = await venueA()
        .account(API_KEY)
        .placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: '30000.00', amount: '0.01', clientOrderId: 'md-x-event' });
      for (let i = 0; i < 5; i++) venueA().step();
      const seen = async (test: (e: ExchangeEvent) => boolean) => {
        while (!events.some(test)) {
          if (Date.now() - started > 1000) throw new Error(`not within 1 s: ${JSON.stringify(events.map((e) => e.type))}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      await seen((e) => e.type === 'book');
      await seen((e) => e.type === 'order' && e.order.orderNo === placed.orderNo);
      await seen((e) => e.type === 'balances');
      const book = events.findLast((e) => e.type === 'book');
      expect(book?.type === 'book' && book.book.symbol).toBe(SYMBOL);
      await venueA().account(API_KEY).cancelOrder(SYMBOL, placed.orderNo);
    } finally {
      stop();
    }
  });

  it('measures a placement through B against one on A', async () => {
    const n = 150;
    const time = async (place: (i: number) => Promise<Order>) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const began = performance.now();
        await place(i);
        ms.push(performance.now() - began);
      }
      return ms.sort((x, y) => x - y);
    };
    const request = (id: string) => ({ symbol: SYMBOL, direction: 'buy' as const, tradeType: 'limit' as const, price: '30000.00', amount: '0.01', clientOrderId: id });
    const local = await time((i) => venueA().account(API_KEY).placeOrder(request(`md-x-l${i}`)));
    const remote = await time((i) => b.services.sim.account(API_KEY).placeOrder(request(`md-x-r${i}`)));
    const open = await venueA().account(API_KEY).fetchOpenOrders(SYMBOL);
    await venueA().account(API_KEY).cancelOrders(SYMBOL, open.map((o) => o.orderNo));
    const line = (name: string, ms: number[]) => `${name} p50 ${percentile(ms, 50).toFixed(2)} ms, p99 ${percentile(ms, 99).toFixed(2)} ms`;
    console.log(`placeOrder x${n} (journalled, PostgreSQL): ${line('local', local)}; ${line('remote', remote)}`);
    expect(open).toHaveLength(2 * n);
    expect(percentile(remote, 50)).toBeLessThan(100);
  });

  it('A dies (its claim connection ends): B claims, opens the simulator from the journal, and the order placed before is still there', async () => {
    const resting = await b.services.sim
      .account(API_KEY)
      .placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: '31000.00', amount: '0.02', clientOrderId: 'md-x-survivor' });
    let tookOver = false;
    seatB.onTakeover(() => {
      tookOver = true;
    });
    expect(seatB.isHolder).toBe(false);
    // A live subscription on B (the console's socket) that outlives the hand-over.
    const events: ExchangeEvent[] = [];
    const stop = b.services.sim.account(API_KEY).subscribe(SYMBOL, (event) => events.push(event));
    // Death, as far as the others can tell: no more answers, and its database session (with the advisory lock) ends.
    await a.app.close();
    await dbA.close();
    const began = Date.now();
    while (!tookOver) {
      if (Date.now() - began > 15_000) throw new Error('B did not take the simulator over');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seatB.isHolder).toBe(true);
    expect(b.services.sim.isLocal).toBe(true);
    const venueB = b.services.sim.localVenue!;
    events.length = 0;
    venueB.step();
    await b.services.sim.localHost.flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events.some((e) => e.type === 'book')).toBe(true);
    stop();
    const kept = await venueB.account(API_KEY).fetchOrderByClientId(SYMBOL, 'md-x-survivor');
    expect(kept).toMatchObject({ orderNo: resting.orderNo, status: 'pending', price: '31000.00', amount: '0.02000' });
    // B's console now reads its own simulator; A's row no longer says it runs it.
    const open = await b.call('GET', `/backend/order/getOrders?coinId=${BTC}`, { token: tokenB });
    expect(open.body.data.map((o: { orderNo: string }) => o.orderNo)).toContain(resting.orderNo);
    let rows: { id: string }[] = [];
    for (let i = 0; i < 50 && rows[0]?.id !== 'node-b'; i++) {
      rows = await dbB.db.select({ id: clusterNodes.id }).from(clusterNodes).where(eq(clusterNodes.runsSimulator, true));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(rows).toEqual([{ id: 'node-b' }]);
  }, 30_000);
});
