/**
 * The configuration of a pair an operator opens on the simulator (POST /coin/add): precisions
 * fitted to its opening price, the default pairs' fees and minimum order value, and demo funds of
 * its new assets worth about DEMO_FUND_NOTIONAL quote units. Pure.
 */
import { compare, div, isDecimal, parse, stepOf, toFixed } from '@makerdesk/decimal';
import { SimConfigError } from './sim-pair.ts';
import type { SimPairConfig } from './sim-venue.api.ts';

/** Well-formed simulator symbols: BASE/QUOTE, upper-case letters and digits. */
export const SIM_SYMBOL = /^([A-Z0-9]{1,15})\/([A-Z0-9]{1,15})$/;
/** The opening price when none is given: one quote unit. */
export const DEFAULT_OPENING_PRICE = '1';
export const MIN_OPENING_PRICE = '0.00000001';
export const MAX_OPENING_PRICE = '100000000';
/** Every simulator asset has 8 decimals, so any two of them make a pair. */
const ASSET_DECIMALS = 8;
const SIGNIFICANT_DIGITS = 5;
const DEMO_FUND_NOTIONAL = '20000';
const VOLATILITY = 0.0004;

/** Throws a SimConfigError naming what is wrong with the symbol or the price. */
export function addedPairConfig(symbol: string, openingPrice: string = DEFAULT_OPENING_PRICE): SimPairConfig {
  const match = SIM_SYMBOL.exec(symbol);
  if (match === null) throw new SimConfigError(`${JSON.stringify(symbol)} is not a BASE/QUOTE symbol of upper-case letters and digits`);
  const [, base, quote] = match as unknown as [string, string, string];
  if (base === quote) throw new SimConfigError(`${symbol}: base and quote must differ`);
  if (!isDecimal(openingPrice) || compare(openingPrice, MIN_OPENING_PRICE) < 0 || compare(openingPrice, MAX_OPENING_PRICE) > 0) {
    throw new SimConfigError(`the opening price must be a decimal from ${MIN_OPENING_PRICE} to ${MAX_OPENING_PRICE}`);
  }
  // Digits before the point (0 below 1, minus the leading fractional zeros): 65000 → 5, 0.85 → 0, 0.0012 → -2.
  const magnitude = integerDigits(openingPrice);
  const pricePrecision = clamp(SIGNIFICANT_DIGITS - magnitude, 2, ASSET_DECIMALS);
  const amountPrecision = clamp(magnitude + 1, 0, ASSET_DECIMALS - pricePrecision);
  const initialPrice = parse(toFixed(openingPrice, pricePrecision, 'half-up'));
  if (compare(initialPrice, '0') <= 0) throw new SimConfigError(`the opening price ${openingPrice} rounds to 0 at ${pricePrecision} decimals`);
  return {
    symbol,
    base,
    quote,
    pricePrecision,
    amountPrecision,
    baseDecimals: ASSET_DECIMALS,
    quoteDecimals: ASSET_DECIMALS,
    initialPrice,
    minAmount: stepOf(amountPrecision),
    minNotional: '5',
    makerFeePpm: 1000,
    takerFeePpm: 1000,
    volatility: VOLATILITY,
  };
}

/** Demo funds of the pair's assets the venue does not trade yet (`known`): about 20,000 quote units of each. */
export function addedPairFunds(config: SimPairConfig, known: (asset: string) => boolean): Record<string, string> {
  const funds: Record<string, string> = {};
  if (!known(config.base)) funds[config.base] = div(DEMO_FUND_NOTIONAL, config.initialPrice, { decimals: config.amountPrecision, rounding: 'down' });
  if (!known(config.quote)) funds[config.quote] = DEMO_FUND_NOTIONAL;
  return funds;
}

function integerDigits(price: string): number {
  const [whole = '0', fraction = ''] = parse(price).split('.');
  if (whole !== '0') return whole.length;
  return -(fraction.length - fraction.replace(/^0+/, '').length);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
