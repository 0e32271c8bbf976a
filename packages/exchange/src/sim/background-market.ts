/**
 * The background market's decisions, free of timers and of the venue: the reference price walk,
 * a liquidity provider's ladder of passive orders, and noise traders' small taking orders. The
 * venue carries them out through a QuotingPort.
 */
import type { Side } from './matching/index.ts';
import type { Prng } from './prng.ts';

/** The steps a pair's prices and quantities come in. */
export interface PairGrid {
  /** Ticks per unit of price: 10^pricePrecision. */
  readonly tickScale: number;
  /** Lots per unit of base: 10^amountPrecision. */
  readonly lotScale: number;
  /** Smallest order in lots (minAmount). */
  readonly minLots: number;
  /** Smallest order value in quote (minNotional). */
  readonly minNotional: number;
}

/** Pull of the log price back to the initial price per tick: a half-life of about 35,000 ticks (10 h at 1 s). */
export const MEAN_REVERSION = 0.00002;
/** The walk never strays further than e^±2 from the initial price. */
const MAX_LOG_OFFSET = 2;

/**
 * One tick of the reference price's random walk, in log space around the initial price: a
 * Gaussian step of `volatility` plus a gentle pull home, so it never drifts to zero.
 */
export function walkLogOffset(offset: number, volatility: number, rng: Prng): number {
  const next = offset * (1 - MEAN_REVERSION) + volatility * rng.normal();
  return Math.max(-MAX_LOG_OFFSET, Math.min(MAX_LOG_OFFSET, next));
}

export interface LadderProfile {
  /** Orders per side. */
  readonly layers: number;
  /** Distance of the first layer from the fair price, as a fraction of it. */
  readonly halfSpread: number;
  /** Distance between layers, as a fraction of the fair price. */
  readonly step: number;
  /** Quote value of a first-layer order, in multiples of the pair's minNotional (1 quote if none). */
  readonly firstLayerNotionals: number;
  /** Each layer deeper holds this fraction of the first layer more. */
  readonly growth: number;
  /** Chance per tick that a resting order is pulled and quoted afresh even if still in place. */
  readonly requoteChance: number;
}

/** The order number resting in each layer, nearest the fair price first; null when empty. */
export interface Ladder {
  readonly bids: (string | null)[];
  readonly asks: (string | null)[];
}

export interface QuotingPort {
  /** Limit price in ticks of a resting order; undefined once it has left the book. */
  priceOf(no: string): number | undefined;
  cancel(no: string): void;
  /** Places a GTC limit order, funding it first; returns its number if it rests. */
  placeLimit(side: Side, price: number, qty: number): string | null;
}

export function emptyLadder(layers: number): Ladder {
  return { bids: new Array<string | null>(layers).fill(null), asks: new Array<string | null>(layers).fill(null) };
}

/**
 * Target prices in ticks around `fair`, nearest first: bids strictly falling, asks strictly
 * rising, at least one tick apart. A bid target that would reach zero is 0 (no order).
 */
export function ladderPrices(fair: number, profile: LadderProfile, grid: PairGrid): { bids: number[]; asks: number[] } {
  const bids: number[] = [];
  const asks: number[] = [];
  const f = fair * grid.tickScale;
  let lastBid = Number.POSITIVE_INFINITY;
  let lastAsk = 0;
  for (let i = 0; i < profile.layers; i++) {
    const offset = profile.halfSpread + i * profile.step;
    lastBid = Math.max(0, Math.min(Math.floor(f * (1 - offset)), lastBid - 1));
    lastAsk = Math.max(Math.ceil(f * (1 + offset)), lastAsk + 1);
    bids.push(lastBid);
    asks.push(lastAsk);
  }
  return { bids, asks };
}

/** The quote value background sizes are multiples of: minNotional, or 1 when the pair has none. */
function sizeUnit(grid: PairGrid): number {
  return grid.minNotional > 0 ? grid.minNotional : 1;
}

/** Smallest lots an order at `fair` may have: minAmount, and enough for minNotional. */
export function minimumLots(fair: number, grid: PairGrid): number {
  return Math.max(1, grid.minLots, Math.ceil((grid.minNotional / fair) * grid.lotScale));
}

/**
 * One tick of a liquidity provider: pulls orders that drifted from their layer's target (or,
 * by chance, any order), then fills every empty layer. Pulls come first on both sides, so a
 * new bid does not meet the provider's own stale ask. Orders within tolerance stay, keeping
 * their time priority and the cost of a tick low.
 */
export function requoteLadder(
  port: QuotingPort,
  ladder: Ladder,
  fair: number,
  profile: LadderProfile,
  grid: PairGrid,
  rng: Prng,
): void {
  const targets = ladderPrices(fair, profile, grid);
  // Deeper layers tolerate more drift. Even at its limit no order reaches the fair price, so a
  // kept order never meets a new one of the other side.
  const drift = fair * grid.tickScale * Math.min(profile.step, profile.halfSpread);
  for (const side of ['bids', 'asks'] as const) {
    const slots = ladder[side];
    const prices = targets[side];
    for (let i = 0; i < slots.length; i++) {
      const no = slots[i];
      if (no === null || no === undefined) continue;
      const price = port.priceOf(no);
      const tolerance = Math.max(1, Math.floor(drift * (1 + i / 2)));
      if (price === undefined) {
        slots[i] = null;
      } else if (Math.abs(price - (prices[i] as number)) > tolerance || rng.chance(profile.requoteChance)) {
        port.cancel(no);
        slots[i] = null;
      }
    }
  }
  const minLots = minimumLots(fair, grid);
  for (const side of ['bids', 'asks'] as const) {
    const slots = ladder[side];
    const prices = targets[side];
    for (let i = 0; i < slots.length; i++) {
      if (slots[i] !== null) continue;
      const price = prices[i] as number;
      const notional = sizeUnit(grid) * profile.firstLayerNotionals * (1 + profile.growth * i) * (0.5 + rng.float());
      const qty = Math.max(minLots, Math.round((notional / fair) * grid.lotScale));
      if (price > 0) slots[i] = port.placeLimit(side === 'bids' ? 'buy' : 'sell', price, qty);
    }
  }
}

export interface NoiseProfile {
  /** Chance per tick and pair that a noise trader acts. */
  readonly activity: number;
  /** Median order value, in multiples of the pair's minNotional (1 quote if none). */
  readonly medianNotionals: number;
  /** Spread of the order value's log. */
  readonly sizeDispersion: number;
  /** Share of marketable limit (IOC) orders; the rest are market orders. */
  readonly limitShare: number;
  /** How far past the fair price a marketable limit reaches, as a fraction of it. */
  readonly limitReach: number;
  /** Number of noise trader accounts. */
  readonly traders: number;
}

export interface NoiseOrder {
  /** Index of the noise trader placing it. */
  readonly trader: number;
  readonly side: Side;
  /** Lots. */
  readonly qty: number;
  /** Ticks for a marketable IOC limit order; null for a market order. */
  readonly price: number | null;
}

/** What a noise trader does this tick, if anything. */
export function drawNoiseOrder(fair: number, profile: NoiseProfile, grid: PairGrid, rng: Prng): NoiseOrder | null {
  if (!rng.chance(profile.activity)) return null;
  const trader = rng.int(profile.traders);
  const side: Side = rng.chance(0.5) ? 'buy' : 'sell';
  const notional = sizeUnit(grid) * profile.medianNotionals * Math.exp(profile.sizeDispersion * rng.normal());
  const qty = Math.max(minimumLots(fair, grid), Math.round((notional / fair) * grid.lotScale));
  let price: number | null = null;
  if (rng.chance(profile.limitShare)) {
    const reach = fair * grid.tickScale * (side === 'buy' ? 1 + profile.limitReach : 1 - profile.limitReach);
    price = side === 'buy' ? Math.ceil(reach) : Math.max(1, Math.floor(reach));
  }
  return { trader, side, qty, price };
}
