/** The simulator's pairs, matching the coin names the server seeds, and the demo funds of a new account. */
import { SimVenue } from './sim-venue.ts';
import type { SimPairConfig, SimVenueOptions } from './sim-venue.api.ts';

const COMMON = {
  quote: 'USDT',
  baseDecimals: 8,
  // USDT is the quote of every pair, so one decimals fits all: at least pricePrecision + amountPrecision of each.
  quoteDecimals: 8,
  minNotional: '5',
  makerFeePpm: 1000,
  takerFeePpm: 1000,
} as const;

export const defaultSimPairs: readonly SimPairConfig[] = Object.freeze([
  {
    ...COMMON,
    symbol: 'BTC/USDT',
    base: 'BTC',
    pricePrecision: 2,
    amountPrecision: 5,
    initialPrice: '65000',
    minAmount: '0.00001',
    volatility: 0.00025,
  },
  {
    ...COMMON,
    symbol: 'ETH/USDT',
    base: 'ETH',
    pricePrecision: 2,
    amountPrecision: 4,
    initialPrice: '3200',
    minAmount: '0.0001',
    volatility: 0.0003,
  },
  {
    ...COMMON,
    symbol: 'SOL/USDT',
    base: 'SOL',
    pricePrecision: 3,
    amountPrecision: 3,
    initialPrice: '150',
    minAmount: '0.001',
    volatility: 0.0004,
  },
  {
    ...COMMON,
    symbol: 'MDK/USDT',
    base: 'MDK',
    pricePrecision: 4,
    amountPrecision: 2,
    initialPrice: '0.85',
    minAmount: '1',
    volatility: 0.0006,
  },
]);

export const defaultDemoFunds: Readonly<Record<string, string>> = Object.freeze({
  USDT: '100000',
  BTC: '2',
  ETH: '40',
  SOL: '800',
  MDK: '200000',
});

export const DEFAULT_TICK_MS = 1000;

export interface DefaultSimVenueSettings {
  seed: number;
  now?: () => number;
  tickMs?: number;
  historyDays?: number;
}

/** The options of the default venue: the default pairs and demo funds, a tick a second. */
export function defaultSimVenueOptions(settings: DefaultSimVenueSettings): SimVenueOptions {
  return {
    pairs: [...defaultSimPairs],
    seed: settings.seed,
    now: settings.now,
    demoFunds: { ...defaultDemoFunds },
    tickMs: settings.tickMs ?? DEFAULT_TICK_MS,
    ...(settings.historyDays === undefined ? {} : { historyDays: settings.historyDays }),
  };
}

export function createDefaultSimVenue(settings: DefaultSimVenueSettings): SimVenue {
  return new SimVenue(defaultSimVenueOptions(settings));
}
