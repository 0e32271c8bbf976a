import { add, div, mul, sign } from '@makerdesk/decimal';
import type { Trade } from '../exchange.ts';
import { PERCENT_PRICE_BY_SIDE } from '../percent-price-filter.ts';

/** Binance's `avgPrice` window, the one PERCENT_PRICE_BY_SIDE is checked against. */
export const AVG_PRICE_MINS = PERCENT_PRICE_BY_SIDE.avgPriceMins;
/** Binance answers the average with 8 decimals. */
const AVG_DECIMALS = 8;

/**
 * `GET /api/v3/avgPrice`: the volume-weighted average price of the trades of the last
 * `AVG_PRICE_MINS` minutes, the reference PERCENT_PRICE_BY_SIDE is checked against, with the time
 * of the last trade as `closeTime`. As the simulator's filter does it (sim/percent-price.ts), the
 * window ends at the pair's last trade (a replayed journal judges each order as it was judged), so
 * the two agree on every order; rounded down to 8 decimals here, exact in the filter. No trade at
 * all: `fallbackPrice` (the last price), at `now`.
 */
export function averagePriceAnswer(newestFirst: readonly Trade[], fallbackPrice: string, now: number): { mins: number; price: string; closeTime: number } {
  const last = newestFirst[0];
  if (last === undefined) return { mins: AVG_PRICE_MINS, price: fallbackPrice, closeTime: now };
  const from = last.timestamp - AVG_PRICE_MINS * 60_000;
  let quote = '0';
  let volume = '0';
  for (const trade of newestFirst) {
    if (trade.timestamp < from) break;
    quote = add(quote, mul(trade.price, trade.amount));
    volume = add(volume, trade.amount);
  }
  const price = sign(volume) > 0 ? div(quote, volume, { decimals: AVG_DECIMALS, rounding: 'down' }) : last.price;
  return { mins: AVG_PRICE_MINS, price, closeTime: last.timestamp };
}
