import { compare, div, minus, mul, parse, round, sign } from '@makerdesk/decimal';
import { isExchangeError, type ExchangeError, type ExchangeErrorKind, type Order } from '@makerdesk/exchange';
import type { FillRecord, JournalOrder, JournalPatch, JournalState } from '../ports.ts';
import type { PairRules } from '../strategy.ts';

/**
 * Pure rules of the order lifecycle: what a venue answer means for a journalled order, and which
 * venue errors are refusals (nothing rests) as opposed to lost answers (the order may rest).
 */

/**
 * Whether each venue error kind, answered to a placement, is a refusal. Every kind is named, so a
 * kind added to the exchange package does not compile until it is placed on one side.
 */
const IS_REFUSAL: Record<ExchangeErrorKind, boolean> = {
  insufficient_balance: true,
  order_not_found: false,
  order_closed: false,
  min_amount: true,
  max_amount: true,
  min_notional: true,
  max_notional: true,
  price_precision: true,
  amount_precision: true,
  price_protection: true,
  post_only_would_cross: true,
  no_liquidity: true,
  self_trade_prevented: true,
  pair_not_open: true,
  unknown_symbol: true,
  invalid_order: true,
  rate_limited: false,
  invalid_key: true,
  permission_denied: true,
  ip_not_allowed: true,
  network: false,
  venue_error: false,
};

/**
 * True when the venue answered a placement with a refusal: the order does not rest. Everything else
 * (timeout, network, 5xx, 429, an error we do not know) is a lost answer: the order may rest. A
 * "duplicate order" answer means the id is already on the venue, so it is not a refusal either.
 */
export function isRefusal(err: unknown): err is ExchangeError {
  if (!isExchangeError(err) || IS_REFUSAL[err.kind] !== true) return false;
  return !(err.kind === 'invalid_order' && /duplicate/i.test(err.message));
}

/** The journal state a venue order is in. A journalled cancel stays 'canceling' while the venue still shows the order open. */
export function journalStateOf(venue: Order, current: JournalState): JournalState {
  switch (venue.status) {
    case 'pending':
    case 'partial_filled':
      return current === 'canceling' ? 'canceling' : 'open';
    case 'filled':
      return 'filled';
    case 'canceled':
    case 'partial_canceled':
      return 'canceled';
  }
}

export interface OrderUpdate {
  patch: JournalPatch;
  /** The fill the venue shows beyond what the journal had; null when none. */
  fill: FillRecord | null;
}

/**
 * What the journal should say of `order` after the venue showed `venue`: its state, its venue number,
 * and the fill the increase in filled amount reveals (price = Δvalue / Δamount; fee estimated at the
 * maker rate for resting orders, the taker rate for IOC). Null when nothing changed.
 */
export function orderUpdate(order: JournalOrder, venue: Order, rules: PairRules, now: number): OrderUpdate | null {
  const state = journalStateOf(venue, order.state);
  const grew = compare(venue.filledAmount, order.filledAmount) > 0;
  const patch: JournalPatch = {};
  if (state !== order.state) patch.state = state;
  if (venue.orderNo && venue.orderNo !== order.orderNo) patch.orderNo = venue.orderNo;
  let fill: FillRecord | null = null;
  if (grew) {
    patch.filledAmount = venue.filledAmount;
    patch.filledValue = venue.filledValue;
    fill = fillBetween(order, venue, rules, now);
  }
  if (Object.keys(patch).length === 0) return null;
  patch.updatedAt = now;
  return { patch, fill };
}

function fillBetween(order: JournalOrder, venue: Order, rules: PairRules, now: number): FillRecord | null {
  const amount = minus(venue.filledAmount, order.filledAmount);
  const quoteAmount = minus(venue.filledValue, order.filledValue);
  if (sign(amount) <= 0) return null;
  const feeRate = order.timeInForce === 'IOC' ? rules.takerFee : rules.makerFee;
  return {
    robotId: order.robotId,
    clientOrderId: order.clientOrderId,
    side: order.side,
    price: parse(div(quoteAmount, amount, { decimals: rules.pricePrecision + 8, rounding: 'half-even' })),
    amount: parse(amount),
    quoteAmount: parse(quoteAmount),
    fee: parse(round(mul(quoteAmount, feeRate), 12, 'up')),
    filledAfter: parse(venue.filledAmount),
    at: now,
  };
}

/**
 * What a bot's log says of a venue's refusal, as params of its text (`{error}`): a price band
 * refusal whose band is known (PERCENT_PRICE_BY_SIDE, the simulator's or a live venue's once worked
 * out) in words in each reader's language; any other in the venue's own words.
 */
export function refusalParams(err: ExchangeError): Record<string, string | number> {
  const { filter, min, max, avgPrice, mins, quote } = err.params;
  if (err.kind !== 'price_protection' || filter !== 'PERCENT_PRICE_BY_SIDE' || typeof min !== 'string' || typeof max !== 'string' || typeof avgPrice !== 'string') return { error: err.message };
  const unit = (price: string) => (typeof quote === 'string' && quote ? `${price} ${quote}` : price);
  return { error: '@bots.refusal.percentPrice', bandMin: unit(min), bandMax: unit(max), avgPrice: unit(avgPrice), mins: mins ?? 5 };
}
