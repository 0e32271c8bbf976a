/**
 * Fat-finger guards (issue 18 §4), pure and exact (decimal strings, never floats), shared by the
 * server (which refuses) and the console (which shows the same figures in its confirmations).
 *
 * - The price band: a limit order priced beyond `band` through the opposite best (a buy above
 *   best ask × (1 + band), a sell below best bid × (1 − band)) needs `confirmDeviation: true`.
 *   Exactly at the band is inside. With the opposite side of the book empty, the order is measured
 *   against the last trade price; with no trade either, against the mid of what is left (the own
 *   side's best); with nothing at all there is nothing to measure against and the order passes.
 * - The exposure of a bot: what its configuration can put on the book at once, per side, in base
 *   and quote (botExposure), against the key's available balance (exposureShortfalls).
 */
import { add, compare, div, isDecimal, minus, mul, sign } from '@makerdesk/decimal';
import { z } from 'zod';

/** The band a pair gets until its main account sets one: 5 %. Stored as a fraction. */
export const PRICE_BAND_DEFAULT = '0.05';
/** The bounds of a pair's band (fractions): 0.1 % to 1,000 %. */
export const PRICE_BAND_MIN = '0.001';
export const PRICE_BAND_MAX = '10';

/**
 * A pair's price band as the pair calls take it: a decimal fraction of at most 6 decimals. Its bounds
 * (PRICE_BAND_MIN to PRICE_BAND_MAX) are checked by isPriceBandInBounds, which the server answers
 * with 1030081 in the reader's language.
 */
export const priceBandField = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,6}(\.\d{1,6})?$/, { message: 'The price band must be a decimal fraction (0.05 = 5 %)' }));

export function isPriceBandInBounds(band: string): boolean {
  return isDecimal(band) && compare(band, PRICE_BAND_MIN) >= 0 && compare(band, PRICE_BAND_MAX) <= 0;
}

export type BookSide = 'buy' | 'sell';

/** What the band is measured against: the opposite best, else the last trade, else the own side's best. */
export type BandReferenceKind = 'best_ask' | 'best_bid' | 'last' | 'own_best';

export interface PriceBandInput {
  direction: BookSide;
  price: string;
  amount: string;
  band: string;
  bestBid: string | null;
  bestAsk: string | null;
  last: string | null;
}

export interface PriceBandCheck {
  /** Null when the book and the trades give nothing to measure against. */
  reference: string | null;
  referenceKind: BandReferenceKind | null;
  /** How far beyond the reference the price goes, as a fraction (negative: on the passive side). */
  distance: string | null;
  /** The order's value in quote: price × amount. */
  notional: string;
  /** True when the price lies beyond the band (strictly). */
  beyond: boolean;
  /** The furthest price inside the band, or null when there is no reference. */
  limit: string | null;
}

const DISTANCE_DECIMALS = 6;

function usable(value: string | null | undefined): value is string {
  return typeof value === 'string' && isDecimal(value) && sign(value) > 0;
}

export function priceBandReference(input: Pick<PriceBandInput, 'direction' | 'bestBid' | 'bestAsk' | 'last'>): { reference: string; kind: BandReferenceKind } | null {
  const opposite = input.direction === 'buy' ? input.bestAsk : input.bestBid;
  if (usable(opposite)) return { reference: opposite, kind: input.direction === 'buy' ? 'best_ask' : 'best_bid' };
  if (usable(input.last)) return { reference: input.last, kind: 'last' };
  const own = input.direction === 'buy' ? input.bestBid : input.bestAsk;
  if (usable(own)) return { reference: own, kind: 'own_best' };
  return null;
}

/** Where a limit price stands against the pair's band. Pure; every figure exact. */
export function checkPriceBand(input: PriceBandInput): PriceBandCheck {
  const notional = mul(input.price, input.amount);
  const found = priceBandReference(input);
  if (found === null) return { reference: null, referenceKind: null, distance: null, notional, beyond: false, limit: null };
  const { reference, kind } = found;
  const ratio = div(input.price, reference, { decimals: DISTANCE_DECIMALS + 4, rounding: 'half-up' });
  const distanceExact = input.direction === 'buy' ? minus(ratio, '1') : minus('1', ratio);
  const distance = div(distanceExact, '1', { decimals: DISTANCE_DECIMALS, rounding: 'half-up' });
  const limit = input.direction === 'buy' ? mul(reference, add('1', input.band)) : mul(reference, minus('1', input.band));
  // Exact comparisons against the band's edge: at the edge is inside.
  const beyond = input.direction === 'buy' ? compare(input.price, limit) > 0 : compare(input.price, limit) < 0;
  return { reference, referenceKind: kind, distance, notional, beyond, limit };
}

/** A fraction as a percent string: '0.05' → '5', '14.5' → '1450' (exact, no rounding). */
export function fractionToPercent(fraction: string): string {
  return mul(fraction, '100');
}

/** A percent string as a fraction: '5' → '0.05' (exact). */
export function percentToFraction(percent: string): string {
  return div(percent, '100', { decimals: 18, rounding: 'half-up' });
}

// ---------------------------------------------------------------- bot exposure

/** What a bot can have on one side of the book at once. */
export interface SideExposure {
  /** Orders on this side at once (the worst case the configuration allows). */
  orders: number;
  /** The largest single order, in base. */
  perOrderBase: string;
  /** The largest single order valued at the price, in quote. */
  perOrderQuote: string;
  /** Everything on this side, in base. */
  totalBase: string;
  /** Everything on this side valued at the price, in quote. */
  totalQuote: string;
}

export interface BotExposure {
  buy: SideExposure | null;
  sell: SideExposure | null;
}

function side(orders: number, perOrderBase: string, price: string, totalBase?: string): SideExposure {
  const total = totalBase ?? mul(perOrderBase, String(orders));
  return { orders, perOrderBase, perOrderQuote: mul(perOrderBase, price), totalBase: total, totalQuote: mul(total, price) };
}

/** A side whose size is given in quote (budgets): per order and total in quote, base at the price. */
function quoteSide(orders: number, perOrderQuote: string, totalQuote: string, price: string): SideExposure {
  const base = (q: string) => div(q, price, { decimals: 12, rounding: 'up' });
  return { orders, perOrderBase: base(perOrderQuote), perOrderQuote, totalBase: base(totalQuote), totalQuote };
}

function dec(config: Record<string, unknown>, key: string): string | null {
  const v = config[key];
  const s = typeof v === 'number' ? String(v) : v;
  return typeof s === 'string' && isDecimal(s) && sign(s) >= 0 ? s : null;
}

function int(config: Record<string, unknown>, key: string, fallback = 1): number {
  const v = Number(config[key]);
  return Number.isSafeInteger(v) && v > 0 ? v : fallback;
}

function both(s: SideExposure | null): BotExposure {
  return { buy: s, sell: s };
}

/**
 * The most a bot of `type` configured with `config` can have on each side of the book at once,
 * valued at `price` (the pair's reference or last price): per order and in total. Sizes as
 * BOTS.md gives them: ladder types put `layers per side` (the max where a range is drawn) orders
 * of the largest single amount on each side (twice it under an inventory skew); grid types their grid; one-sided types (smart buy/sell, bulldozer,
 * pumps) only their side; types that place no orders (risk control) answer null sides.
 */
export function botExposure(type: string, config: Record<string, unknown>, price: string): BotExposure {
  if (!usable(price)) return { buy: null, sell: null };
  const listed = dec(config, 'orderAmountMax');
  // An inventory skew (depth bots' quoting options) sizes orders up to 2x on the short side.
  const options = config.options as Record<string, unknown> | undefined;
  const skewed = typeof options === 'object' && options !== null && dec(options, 'inventoryTarget') !== null;
  const amountMax = listed !== null && skewed && type.startsWith('depth_') ? mul(listed, '2') : listed;
  switch (type) {
    case 'depth_near':
      return amountMax ? both(side(int(config, 'layersPerSideMax'), amountMax, price)) : both(null);
    case 'depth_far':
      return amountMax ? both(side(int(config, 'depthLayersMax'), amountMax, price)) : both(null);
    case 'depth_spread':
      return amountMax ? both(side(1, amountMax, price)) : both(null);
    case 'follow_exchange':
    case 'follow_combo':
    case 'follow_etf':
      return amountMax ? both(side(int(config, 'layersPerSide'), amountMax, price)) : both(null);
    case 'follow_strict':
      return amountMax ? both(side(int(config, 'levels'), amountMax, price)) : both(null);
    case 'book_flash':
      return amountMax ? both(side(int(config, 'orderCountMax'), amountMax, price)) : both(null);
    case 'amm': {
      const grids = int(config, 'gridCount');
      const base = dec(config, 'baseInvestment') ?? '0';
      const quote = dec(config, 'quoteInvestment') ?? '0';
      const perBase = div(base, String(grids), { decimals: 12, rounding: 'up' });
      const perQuote = div(quote, String(grids), { decimals: 12, rounding: 'up' });
      return {
        buy: sign(quote) > 0 ? quoteSide(grids, perQuote, quote, price) : null,
        sell: sign(base) > 0 ? side(grids, perBase, price, base) : null,
      };
    }
    case 'range_oscillation': {
      const amount = dec(config, 'orderAmount');
      return amount ? both(side(int(config, 'gridCount'), amount, price)) : both(null);
    }
    case 'smart_sell':
    case 'smart_buy': {
      const total = dec(config, 'totalAmount');
      if (!total) return both(null);
      const stages = int(config, 'stageCount');
      const s = side(1, div(total, String(stages), { decimals: 12, rounding: 'up' }), price, total);
      return type === 'smart_sell' ? { buy: null, sell: s } : { buy: s, sell: null };
    }
    case 'volume_random':
    case 'volume_natural':
    case 'volume_range':
    case 'volume_mid':
    case 'volume_sine':
    case 'volume_min_hold': {
      const volume = dec(config, 'volumeMax');
      return volume ? both(side(1, volume, price)) : both(null);
    }
    case 'pump_oscillating':
    case 'pump_rapid':
    case 'pump_ratio': {
      const size = dec(config, 'orderSizeMax');
      const budget = dec(config, 'budget');
      if (!size) return both(null);
      const perQuote = mul(size, price);
      return { buy: quoteSide(1, perQuote, budget ? budget : perQuote, price), sell: null };
    }
    case 'bulldozer': {
      const budget = dec(config, 'budget');
      if (!budget) return both(null);
      const s = quoteSide(int(config, 'levelsPerSweep'), budget, budget, price);
      return config.side === 'sell' ? { buy: null, sell: s } : { buy: s, sell: null };
    }
    default:
      return { buy: null, sell: null };
  }
}

export interface ExposureShortfall {
  side: BookSide;
  /** The asset that funds this side: quote for buys, base for sells. */
  asset: 'base' | 'quote';
  /** `single`: one order alone is more than the balance; `total`: the whole ladder is. */
  scope: 'single' | 'total';
  needed: string;
  available: string;
}

/**
 * Where the key's available balance cannot fund the exposure: a buy side needs its quote, a sell
 * side its base. One entry per side at most (the single order when even that is unfunded).
 */
export function exposureShortfalls(exposure: BotExposure, available: { base: string; quote: string }): ExposureShortfall[] {
  const out: ExposureShortfall[] = [];
  const check = (s: SideExposure | null, dir: BookSide) => {
    if (!s) return;
    const asset = dir === 'buy' ? 'quote' : 'base';
    const have = available[asset];
    const single = dir === 'buy' ? s.perOrderQuote : s.perOrderBase;
    const total = dir === 'buy' ? s.totalQuote : s.totalBase;
    if (compare(single, have) > 0) out.push({ side: dir, asset, scope: 'single', needed: single, available: have });
    else if (compare(total, have) > 0) out.push({ side: dir, asset, scope: 'total', needed: total, available: have });
  };
  check(exposure.buy, 'buy');
  check(exposure.sell, 'sell');
  return out;
}

/** `part` as a share of `whole`, a fraction at 4 decimals; null when the whole is 0. */
export function shareOf(part: string, whole: string): string | null {
  if (!isDecimal(whole) || sign(whole) <= 0) return null;
  return div(part, whole, { decimals: 4, rounding: 'half-up' });
}
