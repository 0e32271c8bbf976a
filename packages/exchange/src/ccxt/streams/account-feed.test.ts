import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Balance, Exchange, ExchangeEvent, Order, SubscribeOptions } from '../../exchange.ts';
import { ExchangeError } from '../../errors.ts';
import { AccountFeed, openAccountFeed, retryDelayMs, withAccountFeed, type AccountStream } from './account-feed.ts';

const SYMBOL = 'BTC/USDT';

function order(patch: Partial<Order> = {}): Order {
  return {
    orderNo: '1',
    clientOrderId: 'c1',
    symbol: SYMBOL,
    direction: 'buy',
    tradeType: 'limit',
    timeInForce: 'GTC',
    price: '100',
    amount: '3',
    filledAmount: '0',
    filledValue: '0',
    status: 'pending',
    createdAt: 1000,
    updatedAt: 1000,
    ...patch,
  };
}

/** The venue by REST: what it holds, and how often each account read was asked. */
class FakeRest {
  open: Order[] = [];
  all = new Map<string, Order>();
  balances: Balance[] = [{ asset: 'USDT', available: '100', frozen: '0', total: '100' }];
  calls = { fetchBalances: 0, fetchOpenOrders: 0, fetchOrder: 0, fetchOrderByClientId: 0 };
  fetchBalances = async () => {
    this.calls.fetchBalances++;
    return this.balances;
  };
  fetchOpenOrders = async (symbol: string) => {
    this.calls.fetchOpenOrders++;
    return this.open.filter((o) => o.symbol === symbol);
  };
  fetchOrder = async (_symbol: string, orderNo: string) => {
    this.calls.fetchOrder++;
    const found = this.all.get(orderNo);
    if (!found) throw new ExchangeError('order_not_found', 'no such order');
    return found;
  };
  fetchOrderByClientId = async (_symbol: string, clientOrderId: string) => {
    this.calls.fetchOrderByClientId++;
    return [...this.all.values()].find((o) => o.clientOrderId === clientOrderId) ?? null;
  };
  placeOrder = async () => order({ orderNo: '9', clientOrderId: 'c9' });
  cancelOrder = async () => order({ status: 'canceled' });
  close = async () => undefined;
  subscribed: { symbol: string; options: SubscribeOptions | undefined }[] = [];
  subscribe = (symbol: string, _listener: unknown, options?: SubscribeOptions) => {
    this.subscribed.push({ symbol, options });
    return () => undefined;
  };
  fetchOrderBook = async () => ({ symbol: SYMBOL, bids: [], asks: [], timestamp: 0 });
}

/** A user stream the test connects, feeds and breaks. */
class FakeStream implements AccountStream {
  handlers: Parameters<AccountStream['connect']>[0] | undefined;
  connects = 0;
  refuse = false;
  private breakIt: (() => void) | undefined;
  async connect(handlers: Parameters<AccountStream['connect']>[0]) {
    this.connects++;
    if (this.refuse) throw new Error('refused');
    this.handlers = handlers;
    return { broken: new Promise<unknown>((resolve) => (this.breakIt = () => resolve(new Error('cut')))) };
  }
  cut(): void {
    this.breakIt?.();
  }
  async close() {
    this.cut();
  }
}

const feeds: AccountFeed[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(feeds.splice(0).map((f) => f.close()));
});

function open(rest: FakeRest, stream: FakeStream | null, clock = { now: 0 }) {
  const feed = new AccountFeed(rest as unknown as Exchange, stream, { now: () => clock.now, pollReuseMs: 1000 });
  feeds.push(feed);
  return { feed, exchange: withAccountFeed(rest as unknown as Exchange, feed) };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
}

describe('AccountFeed with a stream', () => {
  it('after the first reconciliation, reads come from the state: no REST read however many readers', async () => {
    vi.useFakeTimers();
    const rest = new FakeRest();
    rest.open = [order()];
    const stream = new FakeStream();
    const { feed, exchange } = open(rest, stream);
    await settle();
    expect(feed.status()).toMatchObject({ mode: 'stream', reason: null });
    expect(exchange.feedStatus?.(SYMBOL)).toMatchObject({ mode: 'stream' });
    const first = await Promise.all(Array.from({ length: 10 }, () => exchange.fetchOpenOrders(SYMBOL)));
    expect(first.map((o) => o.length)).toEqual(Array(10).fill(1));
    expect(rest.calls.fetchOpenOrders).toBe(1);
    const before = { ...rest.calls };
    for (let i = 0; i < 20; i++) await Promise.all([exchange.fetchOpenOrders(SYMBOL), exchange.fetchBalances()]);
    expect(rest.calls).toEqual(before);
    expect(before.fetchBalances).toBe(1);
    // What the key's rate budget asks: these reads cost the venue nothing while the stream is up…
    expect(exchange.answersLocally?.('fetchBalances', [])).toBe(true);
    expect(exchange.answersLocally?.('fetchOpenOrders', [SYMBOL])).toBe(true);
    expect(exchange.answersLocally?.('fetchOpenOrders', ['ETH/USDT'])).toBe(false);
    expect(exchange.answersLocally?.('fetchOrderBook', [SYMBOL])).toBe(false);
    // A sampler's peek: the same open orders, none for a pair never read, no request.
    expect(exchange.peekOpenOrders?.(SYMBOL)).toEqual(await exchange.fetchOpenOrders(SYMBOL));
    expect(exchange.peekOpenOrders?.('ETH/USDT')).toBeNull();
    expect(rest.calls).toEqual(before);
    // …and are requests again once it is down (the peek: none).
    stream.cut();
    await vi.advanceTimersByTimeAsync(0);
    expect(feed.status()).toMatchObject({ mode: 'polling', reason: 'down' });
    expect(exchange.answersLocally?.('fetchBalances', [])).toBe(false);
    expect(exchange.answersLocally?.('fetchOpenOrders', [SYMBOL])).toBe(false);
    expect(exchange.peekOpenOrders?.(SYMBOL)).toBeNull();
  });

  it('a fill told by the stream shows in the open orders, and a final order is answered without REST', async () => {
    vi.useFakeTimers();
    const rest = new FakeRest();
    rest.open = [order()];
    const stream = new FakeStream();
    const { exchange } = open(rest, stream);
    await settle();
    await exchange.fetchOpenOrders(SYMBOL);
    stream.handlers!.orders([order({ status: 'partial_filled', filledAmount: '1', filledValue: '100' })]);
    expect((await exchange.fetchOpenOrders(SYMBOL))[0]).toMatchObject({ status: 'partial_filled', filledAmount: '1' });
    stream.handlers!.orders([order({ status: 'filled', filledAmount: '3', filledValue: '300' })]);
    // A late REST-shaped report of the order open does not bring it back.
    stream.handlers!.orders([order({ status: 'partial_filled', filledAmount: '2', filledValue: '200' })]);
    expect(await exchange.fetchOpenOrders(SYMBOL)).toEqual([]);
    expect(await exchange.fetchOrder(SYMBOL, '1')).toMatchObject({ status: 'filled', filledAmount: '3' });
    expect(await exchange.fetchOrderByClientId(SYMBOL, 'c1')).toMatchObject({ status: 'filled' });
    expect(rest.calls.fetchOrder + rest.calls.fetchOrderByClientId).toBe(0);
    stream.handlers!.balances([{ asset: 'BTC', available: '3', frozen: '0', total: '3' }]);
    expect((await exchange.fetchBalances()).map((b) => b.asset).sort()).toEqual(['BTC', 'USDT']);
  });

  it('a placement answer is in the open orders at once, before the stream tells it', async () => {
    vi.useFakeTimers();
    const rest = new FakeRest();
    const { exchange } = open(rest, new FakeStream());
    await settle();
    expect(await exchange.fetchOpenOrders(SYMBOL)).toEqual([]);
    await exchange.placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: '100', amount: '3', clientOrderId: 'c9' });
    expect((await exchange.fetchOpenOrders(SYMBOL)).map((o) => o.orderNo)).toEqual(['9']);
    expect(rest.calls.fetchOpenOrders).toBe(1);
  });

  it('a gap: polling (down), the stream retried after 1 s, and the reconciliation finds the fill of the gap', async () => {
    vi.useFakeTimers();
    const rest = new FakeRest();
    rest.open = [order()];
    const stream = new FakeStream();
    const clock = { now: 0 };
    const { feed, exchange } = open(rest, stream, clock);
    await settle();
    await exchange.fetchOpenOrders(SYMBOL);
    stream.refuse = true;
    stream.cut();
    await settle();
    expect(feed.status()).toMatchObject({ mode: 'polling', reason: 'down' });
    // Filled while the stream is away.
    rest.open = [];
    rest.all.set('1', order({ status: 'filled', filledAmount: '3', filledValue: '300' }));
    const reads = rest.calls.fetchOpenOrders;
    await Promise.all(Array.from({ length: 5 }, () => exchange.fetchOpenOrders(SYMBOL)));
    expect(rest.calls.fetchOpenOrders).toBe(reads + 1);
    expect(rest.calls.fetchOrder).toBe(1);
    // The first retry (1 s) is refused; the next one (2 s later) connects.
    await vi.advanceTimersByTimeAsync(1000);
    expect(stream.connects).toBe(2);
    stream.refuse = false;
    await vi.advanceTimersByTimeAsync(2000);
    await settle();
    expect(stream.connects).toBe(3);
    expect(feed.status()).toMatchObject({ mode: 'stream' });
    expect(await exchange.fetchOrder(SYMBOL, '1')).toMatchObject({ status: 'filled', filledAmount: '3' });
    expect(await exchange.fetchOpenOrders(SYMBOL)).toEqual([]);
  });

  it('an order filled during a gap and not read in it is read once by the reconciliation after', async () => {
    vi.useFakeTimers();
    const rest = new FakeRest();
    rest.open = [order()];
    const stream = new FakeStream();
    const { exchange } = open(rest, stream);
    await settle();
    await exchange.fetchOpenOrders(SYMBOL);
    stream.cut();
    rest.open = [];
    rest.all.set('1', order({ status: 'filled', filledAmount: '3', filledValue: '300' }));
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(rest.calls.fetchOrder).toBe(1);
    expect(await exchange.fetchOrderByClientId(SYMBOL, 'c1')).toMatchObject({ status: 'filled' });
    expect(rest.calls.fetchOrderByClientId).toBe(0);
  });
});

describe('reconciliation', () => {
  it('runs once per key every reconcileMs while the stream is up, with the pairs in use', async () => {
    vi.useFakeTimers();
    const rest = new FakeRest();
    const feed = new AccountFeed(rest as unknown as Exchange, new FakeStream(), { reconcileMs: 60_000 });
    feeds.push(feed);
    const exchange = withAccountFeed(rest as unknown as Exchange, feed);
    await settle();
    await Promise.all([exchange.fetchOpenOrders(SYMBOL), exchange.fetchOpenOrders('ETH/USDT'), exchange.fetchBalances()]);
    const before = { ...rest.calls };
    await vi.advanceTimersByTimeAsync(59_000);
    expect(rest.calls).toEqual(before);
    await vi.advanceTimersByTimeAsync(1000);
    expect([rest.calls.fetchOpenOrders - before.fetchOpenOrders, rest.calls.fetchBalances - before.fetchBalances]).toEqual([2, 1]);
  });

  it('a read under way when the stream breaks completes nothing: the readers poll until reconciled again', async () => {
    vi.useFakeTimers();
    const rest = new FakeRest();
    const stream = new FakeStream();
    const { feed, exchange } = open(rest, stream);
    await settle();
    let answer: (orders: Order[]) => void = () => undefined;
    rest.fetchOpenOrders = (symbol: string) => {
      rest.calls.fetchOpenOrders++;
      return symbol === SYMBOL ? new Promise<Order[]>((resolve) => (answer = resolve)) : Promise.resolve([]);
    };
    const reading = exchange.fetchOpenOrders(SYMBOL);
    stream.refuse = true;
    stream.cut();
    await settle();
    answer([order()]);
    expect(await reading).toHaveLength(1);
    expect(feed.state.isComplete(SYMBOL)).toBe(false);
  });
});

describe('subscribe', () => {
  it("tells the pair's orders and the balances from the stream; the venue is asked for the market half only", async () => {
    vi.useFakeTimers();
    const rest = new FakeRest();
    rest.open = [order()];
    const stream = new FakeStream();
    const { exchange } = open(rest, stream);
    await settle();
    const events: ExchangeEvent[] = [];
    exchange.subscribe(SYMBOL, (e) => events.push(e));
    await settle();
    expect(rest.subscribed).toEqual([{ symbol: SYMBOL, options: { account: false } }]);
    expect(events.map((e) => e.type)).toEqual(['order', 'balances']);
    stream.handlers!.orders([order({ status: 'partial_filled', filledAmount: '1', filledValue: '100' }), order({ orderNo: '5', symbol: 'ETH/USDT' })]);
    // The same report again changes nothing: not told twice.
    stream.handlers!.orders([order({ status: 'partial_filled', filledAmount: '1', filledValue: '100' })]);
    stream.handlers!.balances([{ asset: 'BTC', available: '1', frozen: '0', total: '1' }]);
    expect(events.slice(2).map((e) => (e.type === 'order' ? `${e.order.orderNo}:${e.order.status}` : e.type))).toEqual(['1:partial_filled', 'balances']);
    const reads = rest.calls.fetchOpenOrders;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rest.calls.fetchOpenOrders).toBe(reads);
  });

  it('without a stream, polls every 2 s once for all subscribers of the key, telling each poll', async () => {
    vi.useFakeTimers();
    const rest = new FakeRest();
    const clock = { now: 0 };
    const { exchange } = open(rest, null, clock);
    const polls: unknown[] = [];
    const events: ExchangeEvent[] = [];
    for (let i = 0; i < 3; i++) exchange.subscribe(SYMBOL, (e) => events.push(e), { onPoll: (err) => polls.push(err), market: false });
    await settle();
    expect(rest.subscribed).toEqual([]);
    expect([rest.calls.fetchOpenOrders, rest.calls.fetchBalances]).toEqual([1, 1]);
    rest.open = [order()];
    clock.now = 2000;
    await vi.advanceTimersByTimeAsync(2000);
    expect([rest.calls.fetchOpenOrders, rest.calls.fetchBalances]).toEqual([2, 2]);
    expect(polls).toEqual(Array(6).fill(null));
    expect(events.filter((e) => e.type === 'order')).toHaveLength(3);
  });
});

it('a stream that keeps breaking is retried after 1 s, 2 s, 4 s; one that stayed up 30 s after 1 s again', async () => {
  vi.useFakeTimers();
  const clock = { now: 0 };
  const stream = new FakeStream();
  const feed = new AccountFeed(new FakeRest() as unknown as Exchange, stream, { now: () => clock.now });
  feeds.push(feed);
  await settle();
  const connectsAfter = async (ms: number) => {
    stream.cut();
    await settle();
    const before = stream.connects;
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(stream.connects).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(stream.connects).toBe(before + 1);
  };
  await connectsAfter(1000);
  await connectsAfter(2000);
  await connectsAfter(4000);
  clock.now += 30_000;
  await connectsAfter(1000);
});

describe('AccountFeed without a stream', () => {
  it('polls: one read per key and pair for every reader, reused a second', async () => {
    const rest = new FakeRest();
    const clock = { now: 0 };
    const { feed, exchange } = open(rest, null, clock);
    expect(feed.status()).toMatchObject({ mode: 'polling', reason: 'unsupported' });
    await Promise.all(Array.from({ length: 10 }, () => Promise.all([exchange.fetchOpenOrders(SYMBOL), exchange.fetchBalances()])));
    expect([rest.calls.fetchOpenOrders, rest.calls.fetchBalances]).toEqual([1, 1]);
    clock.now = 999;
    await exchange.fetchOpenOrders(SYMBOL);
    expect(rest.calls.fetchOpenOrders).toBe(1);
    clock.now = 1000;
    rest.open = [order()];
    expect(await exchange.fetchOpenOrders(SYMBOL)).toHaveLength(1);
    expect(rest.calls.fetchOpenOrders).toBe(2);
  });

  it('a failed poll serves its failure for its back-off, then reads again', async () => {
    const rest = new FakeRest();
    const clock = { now: 0 };
    const { exchange } = open(rest, null, clock);
    rest.fetchBalances = async () => {
      rest.calls.fetchBalances++;
      throw new ExchangeError('network', 'down');
    };
    await expect(exchange.fetchBalances()).rejects.toThrow('down');
    clock.now = 500;
    await expect(exchange.fetchBalances()).rejects.toThrow('down');
    expect(rest.calls.fetchBalances).toBe(1);
    clock.now = 1000;
    await expect(exchange.fetchBalances()).rejects.toThrow('down');
    expect(rest.calls.fetchBalances).toBe(2);
  });
});

it('retries the stream after 1 s, 2 s, 4 s … at most 30 s', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 9].map((n) => retryDelayMs(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
});

describe('openAccountFeed', () => {
  it('polls (unsupported) where ccxt.pro cannot stream the account: no watchBalance, no ccxt.pro class, no WebSocket base, no key', async () => {
    const key = { apiKey: 'k', secret: 's' };
    const configs = [
      { id: 'bitstamp', ...key },
      { id: 'bitbank', ...key },
      { id: 'binance', apiBaseUrl: 'http://127.0.0.1:9/api/v3', ...key },
      { id: 'binance', apiBaseUrl: 'http://127.0.0.1:9/api/v3', wsBaseUrl: 'ws://127.0.0.1:9' },
    ];
    for (const config of configs) {
      const feed = await openAccountFeed(new FakeRest() as unknown as Exchange, config);
      feeds.push(feed);
      expect(feed.status(), config.id).toMatchObject({ mode: 'polling', reason: 'unsupported' });
    }
  });
});
