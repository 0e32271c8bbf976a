/**
 * Binance's PERCENT_PRICE_BY_SIDE refusal (-1013 "Filter failure: PERCENT_PRICE_BY_SIDE") made
 * readable: the venue names only the filter, so the band the price had to lie in is worked out from
 * the market's filter (its exchangeInfo, which ccxt keeps as `market.info.filters`) and the average
 * price the venue measures it against (its avgPrice endpoint). Pure: the caller reads both.
 */
import { isDecimal, mul, toFixed } from '@makerdesk/decimal';
import { ExchangeError } from '../errors.ts';

export const PERCENT_PRICE_FILTER = 'PERCENT_PRICE_BY_SIDE';

interface PercentPriceFilter {
  filterType: string;
  bidMultiplierUp: string;
  bidMultiplierDown: string;
  askMultiplierUp: string;
  askMultiplierDown: string;
  avgPriceMins?: number;
}

/** The market's PERCENT_PRICE_BY_SIDE filter in its venue's own listing (ccxt's `market.info`), when it has one. */
export function percentPriceFilterOf(info: unknown): PercentPriceFilter | null {
  const filters = (info as { filters?: unknown } | undefined)?.filters;
  if (!Array.isArray(filters)) return null;
  const found = filters.find((f): f is PercentPriceFilter => (f as { filterType?: unknown } | null)?.filterType === PERCENT_PRICE_FILTER);
  if (!found) return null;
  const multipliers = [found.bidMultiplierUp, found.bidMultiplierDown, found.askMultiplierUp, found.askMultiplierDown];
  return multipliers.every((m) => typeof m === 'string' && isDecimal(m)) ? found : null;
}

/** Whether a venue error is a PERCENT_PRICE_BY_SIDE refusal that does not say its band yet. */
export function isBarePercentPriceRefusal(err: unknown): err is ExchangeError {
  return err instanceof ExchangeError && err.kind === 'price_protection' && err.params.filter === PERCENT_PRICE_FILTER && err.params.min === undefined;
}

/**
 * The refusal with its band: the order's price, the side's bounds around the average price (the
 * lower one rounded up, the upper one down, to the pair's price precision, as the venue checks
 * them), the average price, its window in minutes and the quote asset, as the simulator says it.
 */
export function withPercentPriceBand(
  err: ExchangeError,
  order: { side: 'buy' | 'sell'; price: string },
  market: { filter: PercentPriceFilter; avgPrice: string; avgPriceMins?: number; pricePrecision: number; quote: string },
): ExchangeError {
  const { filter, avgPrice, pricePrecision } = market;
  if (!isDecimal(avgPrice)) return err;
  const [up, down] = order.side === 'buy' ? [filter.bidMultiplierUp, filter.bidMultiplierDown] : [filter.askMultiplierUp, filter.askMultiplierDown];
  const places = Math.max(0, pricePrecision);
  return new ExchangeError(
    'price_protection',
    err.message,
    {
      ...err.params,
      price: order.price,
      min: toFixed(mul(avgPrice, down), places, 'up'),
      max: toFixed(mul(avgPrice, up), places, 'down'),
      avgPrice: toFixed(avgPrice, places, 'half-up'),
      mins: market.avgPriceMins ?? filter.avgPriceMins ?? 5,
      quote: market.quote,
    },
    { cause: err },
  );
}
