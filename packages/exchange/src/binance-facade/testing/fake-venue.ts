/**
 * A small deterministic venue for the facade's and the ccxt connector's tests: a fixed book of
 * other traders' orders that accounts trade against (it never changes), resting account orders,
 * balances with holds, fees on what the taker receives. Not a matching engine: the simulator is.
 */
import type { Balance, BookLevel, Candle, Exchange, Market, MyTrade, Order, OrderBook, PlaceOrderRequest, Ticker, Trade } from '../../exchange.ts';
import { ExchangeError } from '../../errors.ts';
import type { FacadeVenue } from '../binance-facade.ts';
import type { CancelReplaceMode, CancelReplacePart, CancelReplaceResult } from '../../sim/sim-venue.api.ts';
import { add, compare, min, minus, mul, sign, toFixed } from '@makerdesk/decimal';

export const FAKE_NOW = 1_700_000_000_000;

export const fakeMarkets: Market[] = [
  {
    symbol: 'BTC/USDT',
    base: 'BTC',
    quote: 'USDT',
    pricePrecision: 2,
    amountPrecision: 4,
    minAmount: '0.0001',
    maxAmount: null,
    maxPrice: null,
    minNotional: '5',
    maxNotional: null,
    makerFee: '0.001',
    takerFee: '0.001',
    active: true,
  },
  {
    symbol: 'ETH/USDT',
    base: 'ETH',
    quote: 'USDT',
    pricePrecision: 2,
    amountPrecision: 3,
    minAmount: '0.001',
    maxAmount: '1000',
    maxPrice: '1000000',
    minNotional: '5',
    maxNotional: null,
    makerFee: '0.001',
    takerFee: '0.002',
    active: true,
  },
];

/** Other traders' resting orders, best first. */
const backgroundBooks: Record<string, { bids: BookLevel[]; asks: BookLevel[] }> = {
  'BTC/USDT': {
    bids: [
      ['29990.00', '0.5000'],
      ['29980.00', '1.0000'],
    ],
    asks: [
      ['30010.00', '0.4000'],
      ['30020.00', '1.2000'],
    ],
  },
  'ETH/USDT': { bids: [['1999.00', '3.000']], asks: [['2001.00', '2.500']] },
};

const publicTrades: Record<string, Trade[]> = {
  'BTC/USDT': [
    { id: '101', symbol: 'BTC/USDT', price: '30000.00', amount: '0.0100', side: 'buy', timestamp: FAKE_NOW - 2000 },
    { id: '102', symbol: 'BTC/USDT', price: '29995.50', amount: '0.2500', side: 'sell', timestamp: FAKE_NOW - 1000 },
  ],
  'ETH/USDT': [],
};

const candles: Record<string, Candle[]> = {
  'BTC/USDT': [
    { time: FAKE_NOW - 120_000 - (FAKE_NOW % 60_000), open: '29950.00', high: '30050.00', low: '29900.00', close: '30000.00', volume: '1.5000', quoteVolume: '45000.00' },
    { time: FAKE_NOW - 60_000 - (FAKE_NOW % 60_000), open: '30000.00', high: '30010.00', low: '29990.00', close: '29995.50', volume: '0.2600', quoteVolume: '7798.88' },
  ],
  'ETH/USDT': [],
};

export const fakeDemoFunds: Record<string, string> = { USDT: '100000', BTC: '2', ETH: '20' };

interface Holding {
  available: string;
  frozen: string;
}

function marketOf(symbol: string): Market {
  const market = fakeMarkets.find((m) => m.symbol === symbol);
  if (!market) throw new ExchangeError('unknown_symbol', `unknown symbol ${symbol}`, { symbol });
  return market;
}

class FakeAccount implements Exchange {
  readonly id = 'fake';
  readonly capabilities = { selfTradePrevention: true, postOnly: true, ioc: true, stream: false };
  private readonly holdings = new Map<string, Holding>();
  private readonly orders: Order[] = [];
  private readonly trades: MyTrade[] = [];
  /** What each open order still holds frozen. */
  private readonly holds = new Map<string, string>();

  constructor(
    private readonly venue: FakeVenue,
    funds: Record<string, string>,
  ) {
    for (const [asset, amount] of Object.entries(funds)) this.holdings.set(asset, { available: amount, frozen: '0' });
  }

  private holding(asset: string): Holding {
    let h = this.holdings.get(asset);
    if (!h) this.holdings.set(asset, (h = { available: '0', frozen: '0' }));
    return h;
  }

  async loadMarkets() {
    return fakeMarkets;
  }

  async fetchOrderBook(symbol: string, depth = 100): Promise<OrderBook> {
    marketOf(symbol);
    const background = backgroundBooks[symbol] ?? { bids: [], asks: [] };
    const mine = this.venue.restingOrders(symbol);
    const merge = (side: 'buy' | 'sell', levels: BookLevel[]) => {
      const all = new Map<string, string>(levels.map(([p, q]) => [p, q]));
      for (const o of mine.filter((x) => x.direction === side)) all.set(o.price!, add(all.get(o.price!) ?? '0', minus(o.amount, o.filledAmount)));
      const sorted = [...all.entries()].sort(([a], [b]) => (side === 'buy' ? compare(b, a) : compare(a, b)));
      return sorted.slice(0, depth).map(([p, q]) => [p, toFixed(q, marketOf(symbol).amountPrecision, 'down')] as BookLevel);
    };
    return { symbol, bids: merge('buy', background.bids), asks: merge('sell', background.asks), timestamp: this.venue.now() };
  }

  async fetchTrades(symbol: string, limit = 100) {
    marketOf(symbol);
    return [...(publicTrades[symbol] ?? [])].reverse().slice(0, limit);
  }

  async fetchCandles(symbol: string, _interval: string, options: { since?: number; limit?: number } = {}) {
    marketOf(symbol);
    return (candles[symbol] ?? []).filter((c) => options.since === undefined || c.time >= options.since).slice(-(options.limit ?? 500));
  }

  async fetchTicker(symbol: string): Promise<Ticker> {
    marketOf(symbol);
    const book = backgroundBooks[symbol];
    const last = publicTrades[symbol]?.at(-1)?.price ?? null;
    return {
      symbol,
      last,
      bid: book?.bids[0]?.[0] ?? null,
      ask: book?.asks[0]?.[0] ?? null,
      open24h: last === null ? null : '29000.00',
      high24h: last === null ? null : '30100.00',
      low24h: last === null ? null : '28900.00',
      baseVolume24h: last === null ? '0' : '12.5000',
      quoteVolume24h: last === null ? '0' : '368750.00',
      timestamp: this.venue.now(),
    };
  }

  async fetchBalances(): Promise<Balance[]> {
    return [...this.holdings.entries()].map(([asset, h]) => ({ asset, available: h.available, frozen: h.frozen, total: add(h.available, h.frozen) }));
  }

  async fetchOpenOrders(symbol: string) {
    return this.orders.filter((o) => o.symbol === symbol && (o.status === 'pending' || o.status === 'partial_filled')).map((o) => ({ ...o }));
  }

  async fetchClosedOrders(symbol: string, options: { limit?: number } = {}) {
    return this.orders
      .filter((o) => o.symbol === symbol && o.status !== 'pending' && o.status !== 'partial_filled')
      .reverse()
      .slice(0, options.limit ?? 100)
      .map((o) => ({ ...o }));
  }

  async fetchOrder(symbol: string, orderNo: string) {
    const order = this.orders.find((o) => o.symbol === symbol && o.orderNo === orderNo);
    if (!order) throw new ExchangeError('order_not_found', `order ${orderNo} not found`, { orderNo });
    return { ...order };
  }

  async fetchOrderByClientId(symbol: string, clientOrderId: string) {
    const order = this.orders.find((o) => o.symbol === symbol && o.clientOrderId === clientOrderId);
    return order ? { ...order } : null;
  }

  async fetchMyTrades(symbol: string, options: { limit?: number } = {}) {
    return this.trades
      .filter((t) => t.symbol === symbol)
      .reverse()
      .slice(0, options.limit ?? 100);
  }

  async placeOrder(req: PlaceOrderRequest): Promise<Order> {
    const market = marketOf(req.symbol);
    const background = backgroundBooks[req.symbol] ?? { bids: [], asks: [] };
    const against = req.direction === 'buy' ? background.asks : background.bids;
    const crosses = (price: string) => req.tradeType === 'market' || (req.direction === 'buy' ? compare(price, req.price!) <= 0 : compare(price, req.price!) >= 0);
    if (req.timeInForce === 'POST_ONLY' && against[0] && crosses(against[0][0])) {
      throw new ExchangeError('post_only_would_cross', 'post-only order would take liquidity');
    }
    const existing = this.orders.find((o) => o.clientOrderId === req.clientOrderId && (o.status === 'pending' || o.status === 'partial_filled'));
    if (existing) throw new ExchangeError('invalid_order', 'Duplicate order sent.');

    // Hold what the order may spend: the limit notional, or for a market buy the sweep's cost.
    const spendAsset = req.direction === 'buy' ? market.quote : market.base;
    let hold = req.direction === 'sell' ? req.amount : req.tradeType === 'limit' ? mul(req.price!, req.amount) : '0';
    if (req.direction === 'buy' && req.tradeType === 'market') {
      let left = req.amount;
      for (const [price, size] of against) {
        const take = min(left, size);
        hold = add(hold, mul(price, take));
        left = minus(left, take);
        if (sign(left) === 0) break;
      }
    }
    const spend = this.holding(spendAsset);
    if (compare(spend.available, hold) < 0) throw new ExchangeError('insufficient_balance', 'insufficient balance', { asset: spendAsset });
    spend.available = minus(spend.available, hold);
    spend.frozen = add(spend.frozen, hold);

    const now = this.venue.tick();
    const order: Order = {
      orderNo: String(this.venue.nextId()),
      clientOrderId: req.clientOrderId,
      symbol: req.symbol,
      direction: req.direction,
      tradeType: req.tradeType,
      timeInForce: req.tradeType === 'market' ? 'IOC' : (req.timeInForce ?? 'GTC'),
      price: req.tradeType === 'limit' ? req.price! : null,
      amount: req.amount,
      filledAmount: '0',
      filledValue: '0',
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    };
    this.holds.set(order.orderNo, hold);
    let left = req.amount;
    for (const [price, size] of against) {
      if (sign(left) === 0 || !crosses(price)) break;
      const take = min(left, size);
      this.fill(order, market, price, take, now);
      left = minus(left, take);
    }
    if (sign(left) === 0) order.status = 'filled';
    else if (order.timeInForce === 'IOC') order.status = sign(order.filledAmount) > 0 ? 'partial_canceled' : 'canceled';
    else if (sign(order.filledAmount) > 0) order.status = 'partial_filled';
    if (order.status === 'filled' || order.status === 'canceled' || order.status === 'partial_canceled') this.release(order, market);
    this.orders.push(order);
    return { ...order };
  }

  /** A taker fill against the background book: the fee is taken from what the taker receives. */
  private fill(order: Order, market: Market, price: string, amount: string, now: number) {
    const value = mul(price, amount);
    const buy = order.direction === 'buy';
    const paid = this.holding(buy ? market.quote : market.base);
    const spent = buy ? value : amount;
    paid.frozen = minus(paid.frozen, spent);
    this.holds.set(order.orderNo, minus(this.holds.get(order.orderNo) ?? '0', spent));
    const receivedAsset = buy ? market.base : market.quote;
    const gross = buy ? amount : value;
    const fee = toFixed(mul(gross, market.takerFee), 8, 'down');
    const received = this.holding(receivedAsset);
    received.available = add(received.available, minus(gross, fee));
    order.filledAmount = add(order.filledAmount, amount);
    order.filledValue = add(order.filledValue, value);
    this.trades.push({
      id: String(this.venue.nextId()),
      symbol: order.symbol,
      orderNo: order.orderNo,
      price,
      amount,
      side: order.direction,
      timestamp: now,
      fee,
      feeAsset: receivedAsset,
      liquidity: 'taker',
    });
  }

  /** Gives back what a finished order still holds. */
  private release(order: Order, market: Market) {
    const buy = order.direction === 'buy';
    const holding = this.holding(buy ? market.quote : market.base);
    const held = this.holds.get(order.orderNo) ?? '0';
    this.holds.delete(order.orderNo);
    holding.frozen = minus(holding.frozen, held);
    holding.available = add(holding.available, held);
  }

  async cancelOrder(symbol: string, orderNo: string): Promise<Order> {
    const order = this.orders.find((o) => o.symbol === symbol && o.orderNo === orderNo);
    if (!order) throw new ExchangeError('order_not_found', `order ${orderNo} not found`, { orderNo });
    if (order.status !== 'pending' && order.status !== 'partial_filled') throw new ExchangeError('order_closed', `order ${orderNo} is closed`, { orderNo });
    order.status = sign(order.filledAmount) > 0 ? 'partial_canceled' : 'canceled';
    order.updatedAt = this.venue.tick();
    this.release(order, marketOf(symbol));
    return { ...order };
  }

  async cancelOrders(symbol: string, orderNos: string[]) {
    const canceled: Order[] = [];
    for (const no of orderNos) canceled.push(await this.cancelOrder(symbol, no));
    return canceled;
  }

  resting(symbol: string) {
    return this.orders.filter((o) => o.symbol === symbol && (o.status === 'pending' || o.status === 'partial_filled'));
  }

  subscribe() {
    return () => {};
  }

  async close() {}
}

/** `FacadeVenue` over fake accounts; `now` advances by one millisecond per order action. */
export class FakeVenue implements FacadeVenue {
  private readonly accounts = new Map<string, FakeAccount>();
  private clock: number;
  private ids = 1000;

  private readonly funds: Record<string, string>;

  constructor(options: { now?: number; funds?: Record<string, string> } = {}) {
    this.clock = options.now ?? FAKE_NOW;
    this.funds = options.funds ?? fakeDemoFunds;
  }

  now(): number {
    return this.clock;
  }

  tick(): number {
    return ++this.clock;
  }

  nextId(): number {
    return ++this.ids;
  }

  markets(): Market[] {
    return fakeMarkets;
  }

  marketData(): FakeAccount {
    return this.account('market-data-reader');
  }

  account(apiKey: string): FakeAccount {
    let account = this.accounts.get(apiKey);
    if (!account) this.accounts.set(apiKey, (account = new FakeAccount(this, this.funds)));
    return account;
  }

  /** Cancel, then place: nobody else trades on a fake venue, so nothing can come in between. */
  async cancelReplace(apiKey: string, symbol: string, orderNo: string, request: PlaceOrderRequest, mode: CancelReplaceMode): Promise<CancelReplaceResult> {
    const account = this.account(apiKey);
    const canceled = await outcomeOf(account.cancelOrder(symbol, orderNo));
    if (!canceled.ok && mode === 'stop_on_failure') return { canceled, placed: null };
    return { canceled, placed: await outcomeOf(account.placeOrder(request)) };
  }

  restingOrders(symbol: string): Order[] {
    return [...this.accounts.values()].flatMap((a) => a.resting(symbol));
  }
}

async function outcomeOf(call: Promise<Order>): Promise<CancelReplacePart> {
  try {
    return { ok: true, order: await call };
  } catch (err) {
    if (err instanceof ExchangeError) return { ok: false, error: err };
    throw err;
  }
}
