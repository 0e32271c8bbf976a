/** A simulator pair's configuration, checked, with the unit scales and decimal formats it implies. */
import { parse } from '@makerdesk/decimal';
import type { Market as VenueMarket } from '../exchange.ts';
import type { PairGrid } from './background-market.ts';
import { decimalToUnits, defineMarket, unitsToDecimal, type Market } from './matching/index.ts';
import type { SimPairConfig } from './sim-venue.api.ts';

export interface PairSetup {
  readonly config: SimPairConfig;
  readonly market: Market;
  readonly grid: PairGrid;
  /** Float, for the background market only. */
  readonly initialPrice: number;
  /** minAmount in lots, rounded up. */
  readonly minLots: number;
  /** minNotional in quote units, rounded up. */
  readonly minNotionalUnits: bigint;
  readonly venueMarket: VenueMarket;
}

export class SimConfigError extends Error {
  override readonly name = 'SimConfigError';
}

/** Checks the pairs and that every asset has the same decimals in every pair it appears in. */
export function setupPairs(pairs: readonly SimPairConfig[]): { setups: PairSetup[]; assetDecimals: Map<string, number> } {
  if (!Array.isArray(pairs) || pairs.length === 0) throw new SimConfigError('the simulator needs at least one pair');
  const assetDecimals = new Map<string, number>();
  const symbols = new Set<string>();
  const setups = pairs.map((config) => {
    const setup = setupPair(config);
    if (symbols.has(config.symbol)) throw new SimConfigError(`pair ${config.symbol} is listed twice`);
    symbols.add(config.symbol);
    for (const [asset, decimals] of [
      [config.base, config.baseDecimals],
      [config.quote, config.quoteDecimals],
    ] as const) {
      const known = assetDecimals.get(asset);
      if (known !== undefined && known !== decimals) {
        throw new SimConfigError(`${asset} has ${decimals} decimals in ${config.symbol} but ${known} in another pair`);
      }
      assetDecimals.set(asset, decimals);
    }
    return setup;
  });
  return { setups, assetDecimals };
}

function setupPair(config: SimPairConfig): PairSetup {
  const where = `pair ${String(config?.symbol)}`;
  if (config.symbol !== `${config.base}/${config.quote}`) {
    throw new SimConfigError(`${where}: the symbol must be BASE/QUOTE (${config.base}/${config.quote})`);
  }
  let market: Market;
  try {
    market = defineMarket({
      symbol: config.symbol,
      base: config.base,
      quote: config.quote,
      pricePrecision: config.pricePrecision,
      amountPrecision: config.amountPrecision,
      baseDecimals: config.baseDecimals,
      quoteDecimals: config.quoteDecimals,
      makerFeePpm: config.makerFeePpm,
      takerFeePpm: config.takerFeePpm,
    });
  } catch (err) {
    throw new SimConfigError(`${where}: ${(err as Error).message}`, { cause: err });
  }
  const decimal = (field: 'initialPrice' | 'minAmount' | 'minNotional', decimals: number): bigint => {
    try {
      return decimalToUnits(config[field], decimals, 'up');
    } catch (err) {
      throw new SimConfigError(`${where}: ${field} ${(err as Error).message}`, { cause: err });
    }
  };
  const initialTicks = decimal('initialPrice', config.pricePrecision);
  const minLots = decimal('minAmount', config.amountPrecision);
  const minNotionalUnits = decimal('minNotional', config.quoteDecimals);
  if (initialTicks <= 0n || initialTicks > BigInt(Number.MAX_SAFE_INTEGER) / 100n) {
    throw new SimConfigError(`${where}: initialPrice must be positive and well inside the safe tick range`);
  }
  if (minLots > BigInt(Number.MAX_SAFE_INTEGER)) throw new SimConfigError(`${where}: minAmount is too large`);
  if (!(Number.isFinite(config.volatility) && config.volatility >= 0 && config.volatility < 0.1)) {
    throw new SimConfigError(`${where}: volatility must be a number from 0 to 0.1 per tick`);
  }
  const tickScale = 10 ** config.pricePrecision;
  const lotScale = 10 ** config.amountPrecision;
  return {
    config,
    market,
    grid: { tickScale, lotScale, minLots: Number(minLots), minNotional: Number(config.minNotional) },
    initialPrice: Number(initialTicks) / tickScale,
    minLots: Number(minLots),
    minNotionalUnits,
    venueMarket: {
      symbol: config.symbol,
      base: config.base,
      quote: config.quote,
      pricePrecision: config.pricePrecision,
      amountPrecision: config.amountPrecision,
      minAmount: config.minAmount,
      // Prices and amounts are safe integers of ticks and lots: the largest ones the venue takes.
      maxAmount: formatUnits(Number.MAX_SAFE_INTEGER, config.amountPrecision),
      maxPrice: formatUnits(Number.MAX_SAFE_INTEGER, config.pricePrecision),
      minNotional: config.minNotional,
      maxNotional: null,
      makerFee: ppmToFraction(config.makerFeePpm),
      takerFee: ppmToFraction(config.takerFeePpm),
      active: true,
    },
  };
}

function formatUnits(units: number, decimals: number): string {
  return parse(unitsToDecimal(units, decimals));
}

/** 1000 → '0.001'. */
export function ppmToFraction(ppm: number): string {
  return parse(unitsToDecimal(ppm, 6));
}

export function formatPrice(setup: PairSetup, ticks: number): string {
  return unitsToDecimal(ticks, setup.config.pricePrecision);
}

export function formatAmount(setup: PairSetup, lots: number | bigint): string {
  return unitsToDecimal(lots, setup.config.amountPrecision);
}

export function formatQuote(setup: PairSetup, units: bigint): string {
  return unitsToDecimal(units, setup.config.quoteDecimals);
}
