import { decimalToSafeUnits, unitsToDecimal, type Rounding } from './decimal-units.ts';

/** What a pair trades in, and how finely. Prices are ticks of 10^-pricePrecision quote per base. */
export interface MarketSpec {
  /** e.g. 'BTCUSDT'. */
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  /** Decimals of a price: one tick is 10^-pricePrecision quote. */
  readonly pricePrecision: number;
  /** Decimals of an amount: one lot is 10^-amountPrecision base. */
  readonly amountPrecision: number;
  /** Decimals the ledger keeps the base asset in; at least amountPrecision. */
  readonly baseDecimals: number;
  /**
   * Decimals the ledger keeps the quote asset in; at least pricePrecision + amountPrecision, so
   * every notional is exact.
   */
  readonly quoteDecimals: number;
  /** Fee in parts per million of what the maker receives (1000 = 0.1 %); 0 to 1,000,000. */
  readonly makerFeePpm: number;
  /** Fee in parts per million of what the taker receives. */
  readonly takerFeePpm: number;
}

/** A validated MarketSpec with the unit scales the engine and the ledger use. */
export interface Market extends MarketSpec {
  /** Base-asset units in one lot. */
  readonly lotUnits: bigint;
  /** Quote-asset units in one tick × one lot. */
  readonly tickLotUnits: bigint;
}

export class MarketSpecError extends Error {
  override readonly name = 'MarketSpecError';
}

const MAX_ASSET_DECIMALS = 36;
const PPM = 1_000_000n;

function assertIntegerIn(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new MarketSpecError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
}

/** Validates a spec and derives its scales; throws a MarketSpecError naming the bad field. */
export function defineMarket(spec: MarketSpec): Market {
  for (const key of ['symbol', 'base', 'quote'] as const) {
    if (typeof spec[key] !== 'string' || spec[key] === '') {
      throw new MarketSpecError(`${key} must be a non-empty string`);
    }
  }
  if (spec.base === spec.quote) throw new MarketSpecError('base and quote must differ');
  assertIntegerIn('pricePrecision', spec.pricePrecision, 0, MAX_ASSET_DECIMALS);
  assertIntegerIn('amountPrecision', spec.amountPrecision, 0, MAX_ASSET_DECIMALS);
  assertIntegerIn('baseDecimals', spec.baseDecimals, spec.amountPrecision, MAX_ASSET_DECIMALS);
  assertIntegerIn(
    'quoteDecimals',
    spec.quoteDecimals,
    spec.pricePrecision + spec.amountPrecision,
    Math.max(MAX_ASSET_DECIMALS, spec.pricePrecision + spec.amountPrecision),
  );
  assertIntegerIn('makerFeePpm', spec.makerFeePpm, 0, 1_000_000);
  assertIntegerIn('takerFeePpm', spec.takerFeePpm, 0, 1_000_000);
  return Object.freeze({
    ...spec,
    lotUnits: 10n ** BigInt(spec.baseDecimals - spec.amountPrecision),
    tickLotUnits: 10n ** BigInt(spec.quoteDecimals - spec.pricePrecision - spec.amountPrecision),
  });
}

/** Base-asset units in `lots`. */
export function lotsToBaseUnits(market: Market, lots: number): bigint {
  return BigInt(lots) * market.lotUnits;
}

/** Quote-asset units of price × quantity, exact whatever the magnitudes. */
export function notionalUnits(market: Market, ticks: number, lots: number): bigint {
  const product = ticks * lots;
  // A float product at or below 2^53 - 1 is exact, which saves one bigint multiplication.
  const exact = product <= Number.MAX_SAFE_INTEGER ? BigInt(product) : BigInt(ticks) * BigInt(lots);
  return market.tickLotUnits === 1n ? exact : exact * market.tickLotUnits;
}

/** ceil(amount × ppm / 1e6): rounded in the venue's favour, and never more than `amount`. */
export function feeUnits(amount: bigint, ppm: number): bigint {
  if (ppm === 0 || amount === 0n) return 0n;
  return (amount * BigInt(ppm) + PPM - 1n) / PPM;
}

/** feeUnits for an amount held as a safe integer: the same result, in float arithmetic while it is exact. */
export function feeUnitsOfSafe(amount: number, ppm: number): bigint {
  if (ppm === 0 || amount === 0) return 0n;
  const scaled = amount * ppm;
  if (scaled > Number.MAX_SAFE_INTEGER) return feeUnits(BigInt(amount), ppm);
  // Integer remainder, then an exact division: a float ceil(scaled / 1e6) can round wrongly.
  const rest = scaled % 1_000_000;
  return BigInt((scaled - rest) / 1_000_000 + (rest > 0 ? 1 : 0));
}

/** '123.45' → ticks; throws a UnitsError past pricePrecision decimals unless `rounding` says otherwise. */
export function priceToTicks(market: Market, price: string, rounding?: Rounding): number {
  return decimalToSafeUnits(price, market.pricePrecision, rounding);
}

/** '0.015' → lots; throws a UnitsError past amountPrecision decimals unless `rounding` says otherwise. */
export function amountToLots(market: Market, amount: string, rounding?: Rounding): number {
  return decimalToSafeUnits(amount, market.amountPrecision, rounding);
}

export function ticksToPrice(market: Market, ticks: number): string {
  return unitsToDecimal(ticks, market.pricePrecision);
}

export function lotsToAmount(market: Market, lots: number): string {
  return unitsToDecimal(lots, market.amountPrecision);
}
