import type { MarketInterface as CcxtMarket } from 'ccxt';
import type { Market } from '../exchange.ts';
import { decimalsOf, sign, stepOf } from '@makerdesk/decimal';
import { decimal, optionalDecimal, type CcxtNumeric } from './ccxt-decimal.ts';

/** How a ccxt exchange states precision (its `precisionMode`: DECIMAL_PLACES 2, SIGNIFICANT_DIGITS 3, TICK_SIZE 4). */
export type PrecisionMode = 'decimal_places' | 'significant_digits' | 'tick_size';

export function precisionModeOf(ccxtMode: number): PrecisionMode {
  if (ccxtMode === 4) return 'tick_size';
  if (ccxtMode === 3) return 'significant_digits';
  return 'decimal_places';
}

/**
 * Decimal places of a price or amount. A tick of 0.5 becomes 1 place (our markets count places);
 * significant-digit venues are read as places, the closest our Market can say.
 */
export function placesOf(precision: CcxtNumeric, mode: PrecisionMode): number {
  const value = optionalDecimal(precision);
  if (value === null) return 8;
  return mode === 'tick_size' ? decimalsOf(value) : Number(value);
}

function positiveOrNull(value: CcxtNumeric): string | null {
  const d = optionalDecimal(value);
  return d !== null && sign(d) > 0 ? d : null;
}

export function parseMarket(market: CcxtMarket, mode: PrecisionMode): Market {
  const pricePrecision = placesOf(market.precision.price, mode);
  const amountPrecision = placesOf(market.precision.amount, mode);
  return {
    symbol: market.symbol,
    base: market.base,
    quote: market.quote,
    pricePrecision,
    amountPrecision,
    // ccxt allows negative decimal places (steps of 10, 100…); as before, those fall back to a step of 1.
    minAmount: positiveOrNull(market.limits.amount?.min) ?? stepOf(Math.max(0, amountPrecision)),
    maxAmount: positiveOrNull(market.limits.amount?.max),
    maxPrice: positiveOrNull(market.limits.price?.max),
    minNotional: positiveOrNull(market.limits.cost?.min) ?? '0',
    maxNotional: positiveOrNull(market.limits.cost?.max),
    makerFee: decimal(market.maker),
    takerFee: decimal(market.taker),
    active: market.active !== false,
  };
}

/** Spot markets only: MakerDesk trades spot pairs. */
export function isSpotMarket(market: CcxtMarket): boolean {
  return market.spot === true && market.type === 'spot';
}
