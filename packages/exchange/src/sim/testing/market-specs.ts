import type { MarketSpec } from '../matching/market.ts';

/** One tick = one quote unit, one lot = one base unit, no fees: notionals read as price × qty. */
export const PLAIN_MARKET: MarketSpec = {
  symbol: 'B/U',
  base: 'B',
  quote: 'U',
  pricePrecision: 0,
  amountPrecision: 0,
  baseDecimals: 0,
  quoteDecimals: 0,
  makerFeePpm: 0,
  takerFeePpm: 0,
};

/** BTC/USDT in cents and thousandths of a BTC, 8-decimal assets, 0.02 % maker and 0.1 % taker fees. */
export const BTC_USDT_MARKET: MarketSpec = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  pricePrecision: 2,
  amountPrecision: 3,
  baseDecimals: 8,
  quoteDecimals: 8,
  makerFeePpm: 200,
  takerFeePpm: 1000,
};
