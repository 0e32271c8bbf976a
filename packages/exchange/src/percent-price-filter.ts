/**
 * Binance's PERCENT_PRICE_BY_SIDE filter as the simulated venue applies it (sim/percent-price.ts) and
 * the Binance-compatible API announces it in exchangeInfo on every symbol: Binance's usual values.
 */
export const PERCENT_PRICE_BY_SIDE = {
  filterType: 'PERCENT_PRICE_BY_SIDE',
  bidMultiplierUp: '5',
  bidMultiplierDown: '0.2',
  askMultiplierUp: '5',
  askMultiplierDown: '0.2',
  avgPriceMins: 5,
} as const;
