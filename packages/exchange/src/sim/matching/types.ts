/** Prices are integer ticks, quantities integer lots (safe integers); money moved is bigint asset units. */

export type Side = 'buy' | 'sell';

export type OrderType = 'limit' | 'market';

/**
 * GTC rests what it cannot fill; IOC cancels it; FOK fills entirely at once or not at all (it then
 * expires having changed nothing). Market orders are always IOC.
 */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/** The product's order statuses. An order rests only while `pending` or `partial_filled`. */
export type OrderStatus = 'pending' | 'partial_filled' | 'partial_canceled' | 'canceled' | 'filled';

/**
 * What happens when an incoming order meets a resting order of the same account.
 * - cancel_taker: stop matching and cancel the rest of the incoming order (default).
 * - cancel_maker: cancel the resting order and keep matching.
 * - cancel_both: cancel the resting order and the rest of the incoming order.
 * - none: let them trade. Simulation only (volume bots); live venues always prevent self-trades.
 */
export type StpMode = 'cancel_taker' | 'cancel_maker' | 'cancel_both' | 'none';

interface OrderRequestBase {
  readonly account: string;
  readonly side: Side;
  /** Overrides the engine's default self-trade prevention for this order. */
  readonly stp?: StpMode;
}

export interface LimitOrderRequest extends OrderRequestBase {
  readonly type: 'limit';
  readonly price: number;
  readonly qty: number;
  readonly timeInForce?: TimeInForce;
  /** Refused (not re-priced) if it would take liquidity. */
  readonly postOnly?: boolean;
  readonly quoteQty?: undefined;
}

/** A market order for a base quantity. */
export interface MarketOrderRequest extends OrderRequestBase {
  readonly type: 'market';
  readonly qty: number;
  readonly quoteQty?: undefined;
}

/** A market buy that spends at most `quoteQty` quote-asset units (Binance's quoteOrderQty). */
export interface QuoteMarketBuyRequest extends OrderRequestBase {
  readonly type: 'market';
  readonly side: 'buy';
  readonly quoteQty: bigint;
  readonly qty?: undefined;
}

export type OrderRequest = LimitOrderRequest | MarketOrderRequest | QuoteMarketBuyRequest;

/** A snapshot of an order; the engine never hands out its live records. */
export interface OrderView {
  /** Assigned by the engine, increasing: it is also the time priority. */
  readonly id: number;
  readonly account: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly timeInForce: TimeInForce;
  readonly postOnly: boolean;
  readonly stp: StpMode;
  /** Limit price in ticks; null for market orders. */
  readonly price: number | null;
  /** Original quantity in lots (for a quote-amount market buy: the quantity it bought). */
  readonly qty: number;
  /** Budget of a quote-amount market buy in quote units; null otherwise. */
  readonly quoteQty: bigint | null;
  readonly filledQty: number;
  /** Quote units traded so far (Binance's cummulativeQuoteQty). */
  readonly filledQuote: bigint;
  /** Quantity still resting in the book. */
  readonly remainingQty: number;
  /** Quantity that will never fill: filledQty + remainingQty + canceledQty === qty. */
  readonly canceledQty: number;
  readonly status: OrderStatus;
}

/** One execution between an incoming (taker) and a resting (maker) order, at the maker's price. */
export interface Fill {
  /** Increasing per engine. */
  readonly tradeId: number;
  readonly takerOrderId: number;
  readonly makerOrderId: number;
  readonly takerAccount: string;
  readonly makerAccount: string;
  readonly takerSide: Side;
  /** Ticks. */
  readonly price: number;
  /** Lots. */
  readonly qty: number;
  /** qty in base-asset units. */
  readonly baseAmount: bigint;
  /** price × qty in quote-asset units. */
  readonly quoteAmount: bigint;
  /** Charged on what the maker receives: base units if the maker bought, quote units if it sold. */
  readonly makerFee: bigint;
  /** Charged on what the taker receives: base units if the taker bought, quote units if it sold. */
  readonly takerFee: bigint;
  /** True when this fill completed the maker order (it left the book). */
  readonly makerFilled: boolean;
}

export interface PlaceResult {
  /** The incoming order after matching. */
  readonly order: OrderView;
  /** In execution order. */
  readonly fills: readonly Fill[];
  /** Resting orders that self-trade prevention canceled (cancel_maker, cancel_both). */
  readonly canceledMakers: readonly OrderView[];
  /**
   * True when self-trade prevention canceled anything: resting orders, or the rest of this order
   * (Binance's EXPIRED_IN_MATCH, as opposed to an IOC or market remainder canceled for want of liquidity).
   */
  readonly selfTradePrevented: boolean;
}

export interface DepthLevel {
  /** Ticks. */
  readonly price: number;
  /** Lots resting at this price. */
  readonly qty: number;
  readonly orders: number;
}

export interface Depth {
  /** Best (highest) first. */
  readonly bids: readonly DepthLevel[];
  /** Best (lowest) first. */
  readonly asks: readonly DepthLevel[];
}

export type MatchingErrorCode = 'invalid_order' | 'post_only_would_take';

/** A refused order. The engine's state is unchanged when it is thrown. */
export class MatchingError extends Error {
  override readonly name = 'MatchingError';
  constructor(
    readonly code: MatchingErrorCode,
    message: string,
  ) {
    super(message);
  }
}
