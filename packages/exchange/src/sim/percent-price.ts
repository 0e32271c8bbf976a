/**
 * Binance's PERCENT_PRICE_BY_SIDE filter on the simulated venue: a limit order's price must lie
 * within multipliers of the average price, whatever the client (the console, the bots, the
 * Binance-compatible API). Binance's rule (filters, PERCENT_PRICE_BY_SIDE):
 *   buy:  weightedAveragePrice × bidMultiplierDown ≤ price ≤ weightedAveragePrice × bidMultiplierUp
 *   sell: weightedAveragePrice × askMultiplierDown ≤ price ≤ weightedAveragePrice × askMultiplierUp
 * The weighted average is over the trades of the last `avgPriceMins` minutes; here the window ends
 * at the pair's last trade rather than at the wall clock, so a journal replayed later judges each
 * placement exactly as it was judged (same state, same answer). No trade in that window: the last
 * price; no trade ever: nothing to measure against, the filter passes. Exact, in integer units.
 */
import { ExchangeError } from '../errors.ts';
import type { Side } from '../exchange.ts';
import { decimalToUnits, unitsToDecimal } from './matching/index.ts';
import { PERCENT_PRICE_BY_SIDE } from '../percent-price-filter.ts';
import type { TradeRecord } from './sim-views.ts';

const WINDOW_MS = PERCENT_PRICE_BY_SIDE.avgPriceMins * 60_000;
const MULTIPLIER_DECIMALS = 6;
const SCALE = 10n ** BigInt(MULTIPLIER_DECIMALS);

/** An average price in ticks as an exact fraction num / den. */
export interface AveragePrice {
  num: bigint;
  den: bigint;
}

/** The volume-weighted average price (ticks) of the trades within avgPriceMins of the last one; else `lastPrice`. */
export function averagePrice(trades: readonly TradeRecord[], lastPrice: number | null): AveragePrice | null {
  const last = trades.at(-1);
  if (last === undefined) return lastPrice === null ? null : { num: BigInt(lastPrice), den: 1n };
  let num = 0n;
  let den = 0n;
  for (let i = trades.length - 1; i >= 0; i--) {
    const t = trades[i]!;
    if (t.time < last.time - WINDOW_MS) break;
    num += BigInt(t.price) * BigInt(t.qty);
    den += BigInt(t.qty);
  }
  return den > 0n ? { num, den } : { num: BigInt(last.price), den: 1n };
}

function units(multiplier: string): bigint {
  return decimalToUnits(multiplier, MULTIPLIER_DECIMALS);
}

/** The bounds of a side in ticks, rounded inwards (a price at the exact bound passes). */
export function percentPriceBounds(side: Side, avg: AveragePrice): { min: bigint; max: bigint } {
  const up = units(side === 'buy' ? PERCENT_PRICE_BY_SIDE.bidMultiplierUp : PERCENT_PRICE_BY_SIDE.askMultiplierUp);
  const down = units(side === 'buy' ? PERCENT_PRICE_BY_SIDE.bidMultiplierDown : PERCENT_PRICE_BY_SIDE.askMultiplierDown);
  const d = avg.den * SCALE;
  const minNum = avg.num * down;
  return { min: (minNum + d - 1n) / d, max: (avg.num * up) / d };
}

/**
 * Throws ExchangeError 'price_protection' (params.filter PERCENT_PRICE_BY_SIDE) when a limit price in
 * ticks lies outside the side's band around the average price.
 */
export function checkPercentPriceBySide(side: Side, priceTicks: number, avg: AveragePrice | null, pair: { pricePrecision: number; quote: string }): void {
  const { pricePrecision } = pair;
  if (avg === null) return;
  const up = units(side === 'buy' ? PERCENT_PRICE_BY_SIDE.bidMultiplierUp : PERCENT_PRICE_BY_SIDE.askMultiplierUp);
  const down = units(side === 'buy' ? PERCENT_PRICE_BY_SIDE.bidMultiplierDown : PERCENT_PRICE_BY_SIDE.askMultiplierDown);
  const scaled = BigInt(priceTicks) * avg.den * SCALE;
  if (scaled <= avg.num * up && scaled >= avg.num * down) return;
  const bounds = percentPriceBounds(side, avg);
  const avgTicks = (avg.num * 2n + avg.den) / (2n * avg.den);
  const price = (ticks: bigint) => unitsToDecimal(ticks, pricePrecision);
  throw new ExchangeError('price_protection', `Filter failure: PERCENT_PRICE_BY_SIDE (the ${side} price must lie between ${price(bounds.min)} and ${price(bounds.max)}).`, {
    filter: PERCENT_PRICE_BY_SIDE.filterType,
    price: price(BigInt(priceTicks)),
    min: price(bounds.min),
    max: price(bounds.max),
    avgPrice: price(avgTicks),
    mins: PERCENT_PRICE_BY_SIDE.avgPriceMins,
    quote: pair.quote,
  });
}
