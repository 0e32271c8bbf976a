import { feeUnits, feeUnitsOfSafe, lotsToBaseUnits, notionalUnits, type Market } from './market.ts';
import { BookSide, OrderNode } from './order-book.ts';
import {
  MatchingError,
  type Depth,
  type Fill,
  type OrderRequest,
  type OrderView,
  type PlaceResult,
  type Side,
  type StpMode,
} from './types.ts';

export interface EngineOptions {
  /** Self-trade prevention for orders that do not set their own; 'cancel_taker' by default. */
  readonly stp?: StpMode;
  /** First order id to assign (restoring a book: the next unused id). Default 1. */
  readonly firstOrderId?: number;
  /** First trade id to assign. Default 1. */
  readonly firstTradeId?: number;
}

export interface SweepPreview {
  /** Lots a market order would fill right now. */
  readonly qty: number;
  /** Quote units it would trade. */
  readonly quote: bigint;
}

const NO_FILLS: readonly Fill[] = Object.freeze([]);
const NO_ORDERS: readonly OrderView[] = Object.freeze([]);
const STP_MODES: ReadonlySet<unknown> = new Set<StpMode>([
  'cancel_taker',
  'cancel_maker',
  'cancel_both',
  'none',
]);

/** Why matching stopped before the incoming order was done. */
const enum Stop {
  Book = 0,
  SelfTrade = 1,
  Budget = 2,
}

function refuse(message: string): never {
  throw new MatchingError('invalid_order', message);
}

function isPositiveSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function viewOf(order: OrderNode): OrderView {
  return {
    id: order.id,
    account: order.account,
    side: order.isBuy ? 'buy' : 'sell',
    type: order.type,
    timeInForce: order.timeInForce,
    postOnly: order.postOnly,
    stp: order.stp,
    price: order.type === 'limit' ? order.limit : null,
    qty: order.qty,
    quoteQty: order.quoteQty,
    filledQty: order.filledQty,
    filledQuote: order.filledQuote,
    remainingQty: order.level === null ? 0 : order.remaining,
    canceledQty: order.canceledQty,
    status: order.status,
  };
}

/**
 * Price-time-priority matching for one pair, pure and synchronous: no IO, no clock, no balances
 * (see SpotMarket for the funds). Trades happen at the resting order's price. Ended orders are
 * forgotten; keeping history is the caller's job.
 */
export class MatchingEngine {
  readonly market: Market;
  readonly stp: StpMode;
  private readonly bids = new BookSide(true);
  private readonly asks = new BookSide(false);
  private readonly live = new Map<number, OrderNode>();
  /** The market's unit scales as floats; above 2^53 they only ever send execute down its bigint path. */
  private readonly tickLotNumber: number;
  private readonly lotNumber: number;
  private nextOrderId: number;
  private nextTradeId: number;
  /** Outputs of the order being placed, allocated only when something happens. */
  private fills: Fill[] | null = null;
  private canceledMakers: OrderView[] | null = null;

  constructor(market: Market, options: EngineOptions = {}) {
    const stp = options.stp ?? 'cancel_taker';
    if (!STP_MODES.has(stp)) refuse(`unknown stp mode ${String(stp)}`);
    this.market = market;
    this.stp = stp;
    this.tickLotNumber = Number(market.tickLotUnits);
    this.lotNumber = Number(market.lotUnits);
    this.nextOrderId = options.firstOrderId ?? 1;
    this.nextTradeId = options.firstTradeId ?? 1;
    if (!isPositiveSafeInteger(this.nextOrderId) || !isPositiveSafeInteger(this.nextTradeId)) {
      refuse('firstOrderId and firstTradeId must be positive safe integers');
    }
  }

  /** Resting orders. */
  get orderCount(): number {
    return this.live.size;
  }

  /** The id the next accepted order will get. */
  get peekOrderId(): number {
    return this.nextOrderId;
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  /** Aggregated levels, best first on both sides. */
  depth(levels = Number.POSITIVE_INFINITY): Depth {
    return { bids: this.bids.depth(levels), asks: this.asks.depth(levels) };
  }

  /** A resting order, or undefined once it has left the book. */
  getOrder(id: number): OrderView | undefined {
    const order = this.live.get(id);
    return order === undefined ? undefined : viewOf(order);
  }

  /** Every resting order: bids best first, then asks best first, oldest first within a level. */
  restingOrders(): OrderView[] {
    const out: OrderView[] = [];
    for (const order of this.bids.orders()) out.push(viewOf(order));
    for (const order of this.asks.orders()) out.push(viewOf(order));
    return out;
  }

  /** Throws the MatchingError that `place` would throw, without changing anything. */
  validate(req: OrderRequest): void {
    if (typeof req !== 'object' || req === null) refuse('order must be an object');
    if (typeof req.account !== 'string' || req.account === '') refuse('account must be a non-empty string');
    if (req.side !== 'buy' && req.side !== 'sell') refuse('side must be buy or sell');
    if (req.stp !== undefined && !STP_MODES.has(req.stp)) refuse(`unknown stp mode ${String(req.stp)}`);
    if (req.type === 'limit') {
      if (!isPositiveSafeInteger(req.price)) refuse('price must be a positive safe integer of ticks');
      if (!isPositiveSafeInteger(req.qty)) refuse('qty must be a positive safe integer of lots');
      const tif = req.timeInForce ?? 'GTC';
      if (tif !== 'GTC' && tif !== 'IOC' && tif !== 'FOK') refuse('timeInForce must be GTC, IOC or FOK');
      if (tif === 'GTC' && (req.side === 'buy' ? this.bids : this.asks).wouldOverflow(req.price, req.qty)) {
        refuse('the price level would hold more than 2^53 - 1 lots');
      }
      if (req.postOnly === true) {
        if (tif !== 'GTC') refuse(`a post-only order cannot be ${tif}`);
        const opposite = req.side === 'buy' ? this.bestAsk() : this.bestBid();
        if (opposite !== undefined && (req.side === 'buy' ? opposite <= req.price : opposite >= req.price)) {
          throw new MatchingError('post_only_would_take', 'post-only order would take liquidity');
        }
      }
      return;
    }
    if (req.type !== 'market') refuse('type must be limit or market');
    if (req.quoteQty === undefined) {
      if (!isPositiveSafeInteger(req.qty)) refuse('qty must be a positive safe integer of lots');
      return;
    }
    if (req.qty !== undefined) refuse('give qty or quoteQty, not both');
    if (req.side !== 'buy') refuse('quoteQty is for market buys only');
    if (typeof req.quoteQty !== 'bigint' || req.quoteQty <= 0n) {
      refuse('quoteQty must be a positive bigint of quote units');
    }
  }

  /**
   * Matches an incoming order and rests what a GTC limit order leaves. Throws a MatchingError,
   * changing nothing, when the order is refused.
   */
  place(req: OrderRequest): PlaceResult {
    this.validate(req);
    const isBuy = req.side === 'buy';
    const stp = req.stp ?? this.stp;
    const id = this.nextOrderId++;
    this.fills = null;
    this.canceledMakers = null;

    let order: OrderNode;
    let stop: Stop;
    if (req.type === 'limit') {
      const tif = req.timeInForce ?? 'GTC';
      order = new OrderNode(id, req.account, isBuy, 'limit', tif, req.postOnly === true, stp, req.price, req.qty, null);
      // A fill-or-kill that cannot fill entirely expires before it touches the book.
      const kill = tif === 'FOK' && this.sweep(req.side, req.account, req.qty, req.price, stp).qty < req.qty;
      stop = kill ? Stop.Book : this.match(order);
      this.finish(order, stop);
    } else if (req.quoteQty === undefined) {
      const limit = isBuy ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
      order = new OrderNode(id, req.account, isBuy, 'market', 'IOC', false, stp, limit, req.qty, null);
      stop = this.match(order);
      this.finish(order, stop);
    } else {
      const limit = Number.POSITIVE_INFINITY;
      order = new OrderNode(id, req.account, true, 'market', 'IOC', false, stp, limit, 0, req.quoteQty);
      stop = this.matchQuoteBudget(order, req.quoteQty);
      this.finishQuoteBuy(order, stop);
    }
    const result: PlaceResult = {
      order: viewOf(order),
      fills: this.fills ?? NO_FILLS,
      canceledMakers: this.canceledMakers ?? NO_ORDERS,
      selfTradePrevented: stop === Stop.SelfTrade || this.canceledMakers !== null,
    };
    this.fills = null;
    this.canceledMakers = null;
    return result;
  }

  /**
   * Cancels a resting order (only the owner's, when `account` is given) and returns it with the
   * quantity it canceled; undefined when it is not resting.
   */
  cancel(orderId: number, account?: string): OrderView | undefined {
    const order = this.live.get(orderId);
    if (order === undefined || (account !== undefined && order.account !== account)) return undefined;
    this.cancelResting(order);
    return viewOf(order);
  }

  /**
   * What a market order for `qty` lots would fill and trade right now, following the same
   * self-trade rules as `place`: lets the funds layer freeze the exact cost of a market buy.
   */
  previewMarket(side: Side, account: string, qty: number, stp: StpMode = this.stp): SweepPreview {
    return this.sweep(side, account, qty, side === 'buy' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY, stp);
  }

  /** What an order for `qty` lots up to the `limit` price would fill and trade right now (see previewMarket). */
  private sweep(side: Side, account: string, qty: number, limit: number, stp: StpMode): SweepPreview {
    let left = qty;
    let quote = 0n;
    for (const maker of side === 'buy' ? this.asks.orders() : this.bids.orders()) {
      if (left === 0 || (side === 'buy' ? maker.limit > limit : maker.limit < limit)) break;
      if (maker.account === account && stp !== 'none') {
        if (stp === 'cancel_maker') continue;
        break;
      }
      const take = Math.min(left, maker.remaining);
      quote += notionalUnits(this.market, maker.limit, take);
      left -= take;
    }
    return { qty: qty - left, quote };
  }

  private match(taker: OrderNode): Stop {
    const book = taker.isBuy ? this.asks : this.bids;
    const isBuy = taker.isBuy;
    const limit = taker.limit;
    const stp = taker.stp;
    while (taker.remaining > 0) {
      const level = book.best();
      if (level === undefined || (isBuy ? level.price > limit : level.price < limit)) return Stop.Book;
      let maker = level.head;
      while (maker !== null && taker.remaining > 0) {
        const next = maker.next;
        if (maker.account === taker.account && stp !== 'none') {
          if (stp === 'cancel_taker') return Stop.SelfTrade;
          this.preventSelfTrade(maker);
          if (stp === 'cancel_both') return Stop.SelfTrade;
        } else {
          const qty = taker.remaining < maker.remaining ? taker.remaining : maker.remaining;
          taker.remaining -= qty;
          this.execute(taker, maker, book, qty);
        }
        maker = next;
      }
    }
    return Stop.Book;
  }

  private matchQuoteBudget(taker: OrderNode, budget: bigint): Stop {
    const book = this.asks;
    const stp = taker.stp;
    let left = budget;
    for (;;) {
      const level = book.best();
      if (level === undefined) return Stop.Book;
      const lotCost = BigInt(level.price) * this.market.tickLotUnits;
      let maker = level.head;
      while (maker !== null) {
        const next = maker.next;
        if (maker.account === taker.account && stp !== 'none') {
          if (stp === 'cancel_taker') return Stop.SelfTrade;
          this.preventSelfTrade(maker);
          if (stp === 'cancel_both') return Stop.SelfTrade;
        } else {
          // The bought quantity stays a safe integer, like every other quantity.
          const cap = Math.min(maker.remaining, Number.MAX_SAFE_INTEGER - taker.qty);
          const affordable = left / lotCost;
          if (affordable === 0n || cap === 0) return Stop.Budget;
          const qty = affordable < BigInt(cap) ? Number(affordable) : cap;
          taker.qty += qty;
          left -= this.execute(taker, maker, book, qty);
        }
        maker = next;
      }
    }
  }

  /** Trades `qty` lots at the maker's price; returns the quote units traded. */
  private execute(taker: OrderNode, maker: OrderNode, book: BookSide, qty: number): bigint {
    const market = this.market;
    const price = maker.limit;
    const takerBuys = taker.isBuy;
    // Amounts are nearly always safe integers: then float arithmetic is exact and far cheaper
    // than bigint, and each amount costs one BigInt allocation at the end.
    const quoteSafe = price * qty * this.tickLotNumber;
    const baseSafe = qty * this.lotNumber;
    let quote: bigint;
    let base: bigint;
    let makerFee: bigint;
    let takerFee: bigint;
    if (quoteSafe <= Number.MAX_SAFE_INTEGER && baseSafe <= Number.MAX_SAFE_INTEGER) {
      quote = BigInt(quoteSafe);
      base = BigInt(baseSafe);
      makerFee = feeUnitsOfSafe(takerBuys ? quoteSafe : baseSafe, market.makerFeePpm);
      takerFee = feeUnitsOfSafe(takerBuys ? baseSafe : quoteSafe, market.takerFeePpm);
    } else {
      quote = notionalUnits(market, price, qty);
      base = lotsToBaseUnits(market, qty);
      makerFee = feeUnits(takerBuys ? quote : base, market.makerFeePpm);
      takerFee = feeUnits(takerBuys ? base : quote, market.takerFeePpm);
    }
    taker.filledQty += qty;
    taker.filledQuote += quote;
    maker.filledQty += qty;
    maker.filledQuote += quote;
    const makerFilled = maker.remaining === qty;
    if (makerFilled) {
      book.remove(maker);
      this.live.delete(maker.id);
      maker.remaining = 0;
      maker.status = 'filled';
    } else {
      book.reduce(maker, qty);
      maker.status = 'partial_filled';
    }
    const fill: Fill = {
      tradeId: this.nextTradeId++,
      takerOrderId: taker.id,
      makerOrderId: maker.id,
      takerAccount: taker.account,
      makerAccount: maker.account,
      takerSide: takerBuys ? 'buy' : 'sell',
      price,
      qty,
      baseAmount: base,
      quoteAmount: quote,
      makerFee,
      takerFee,
      makerFilled,
    };
    if (this.fills === null) this.fills = [fill];
    else this.fills.push(fill);
    return quote;
  }

  private cancelResting(order: OrderNode): void {
    (order.isBuy ? this.bids : this.asks).remove(order);
    this.live.delete(order.id);
    order.canceledQty += order.remaining;
    order.remaining = 0;
    order.status = order.filledQty > 0 ? 'partial_canceled' : 'canceled';
  }

  /** Self-trade prevention canceling a resting order of the taker's account. */
  private preventSelfTrade(maker: OrderNode): void {
    this.cancelResting(maker);
    const view = viewOf(maker);
    if (this.canceledMakers === null) this.canceledMakers = [view];
    else this.canceledMakers.push(view);
  }

  private finish(order: OrderNode, stop: Stop): void {
    if (order.remaining === 0) {
      order.status = 'filled';
      return;
    }
    if (stop === Stop.Book && order.type === 'limit' && order.timeInForce === 'GTC') {
      (order.isBuy ? this.bids : this.asks).append(order);
      this.live.set(order.id, order);
      order.status = order.filledQty > 0 ? 'partial_filled' : 'pending';
      return;
    }
    order.canceledQty = order.remaining;
    order.remaining = 0;
    order.status = order.filledQty > 0 ? 'partial_canceled' : 'canceled';
  }

  private finishQuoteBuy(order: OrderNode, stop: Stop): void {
    order.remaining = 0;
    if (order.filledQty === 0) order.status = 'canceled';
    else order.status = stop === Stop.Budget ? 'filled' : 'partial_canceled';
  }
}
