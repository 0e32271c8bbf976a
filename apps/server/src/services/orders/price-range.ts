import { checkPriceBand, ErrorCode, fractionToPercent, type PriceBandCheck } from '@makerdesk/contract';
import { compare } from '@makerdesk/decimal';
import type { Market, Order, Side, Ticker } from '@makerdesk/exchange';
import { formatAmount } from '@makerdesk/format';
import { AppError } from '../../domain/app-error.ts';

/** Open orders whose limit price lies in [min, max] (inclusive), optionally of one side. */
export function ordersInRange(orders: readonly Order[], minPrice: string, maxPrice: string, direction?: Side): Order[] {
  return orders.filter((o) => {
    if (o.price === null || (direction && o.direction !== direction)) return false;
    return compare(o.price, minPrice) >= 0 && compare(o.price, maxPrice) <= 0;
  });
}

/** A fraction as people read it: '14.5' → '1,450.00%'. */
export function percentText(fraction: string): string {
  return `${formatAmount(fractionToPercent(fraction), { digits: 2, padZeros: true })}%`;
}

/** The refusal of a price beyond the band, its figures formatted at the pair's precision with units. */
export function bandRefusal(check: PriceBandCheck, market: Pick<Market, 'quote' | 'pricePrecision'>, price: string, band: string): AppError {
  const priceText = (p: string) => `${formatAmount(p, { digits: market.pricePrecision, padZeros: true })} ${market.quote}`;
  return new AppError(ErrorCode.PRICE_BEYOND_BAND, {
    price: priceText(price),
    referencePrice: check.reference === null ? '' : priceText(check.reference),
    distance: check.distance === null ? '' : percentText(check.distance),
    band: percentText(band),
    notional: `${formatAmount(check.notional, { digits: 2, padZeros: true })} ${market.quote}`,
  });
}

/**
 * The fat-finger band of a limit order (issue 18 §4): throws 1030080 when `price` lies beyond the
 * pair's band through the opposite best of `ticker`, unless the caller confirmed. An empty opposite
 * side is measured against the last trade (see checkPriceBand).
 */
export function guardPriceBand(input: {
  direction: Side;
  price: string;
  amount: string;
  band: string;
  ticker: Pick<Ticker, 'bid' | 'ask' | 'last'>;
  market: Pick<Market, 'quote' | 'pricePrecision'>;
  confirmed: boolean | undefined;
  /** The value to name when it is not price × amount (a batch: the sum of its orders). */
  notional?: string;
}): PriceBandCheck {
  const measured = checkPriceBand({
    direction: input.direction,
    price: input.price,
    amount: input.amount,
    band: input.band,
    bestBid: input.ticker.bid,
    bestAsk: input.ticker.ask,
    last: input.ticker.last,
  });
  const check = input.notional === undefined ? measured : { ...measured, notional: input.notional };
  if (check.beyond && input.confirmed !== true) throw bandRefusal(check, input.market, input.price, input.band);
  return check;
}
