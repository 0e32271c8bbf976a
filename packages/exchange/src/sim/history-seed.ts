/**
 * A new venue's past: minute candles for the days before it opened, so a new install's charts and
 * 24 h figures have something to show at once. The path is a random walk with the pair's own
 * volatility and the background market's pull home, ending at the pair's initial price (where the
 * live market starts), with about the volume the noise traders make. Its trades take ids like
 * live ones, so the 24 h figures count them. Pure: the caller gives the time, the random source
 * and the trade ids.
 */
import { MEAN_REVERSION, type NoiseProfile } from './background-market.ts';
import type { CandleSeries } from './candles.ts';
import { notionalUnits } from './matching/index.ts';
import type { Prng } from './prng.ts';
import type { PairSetup } from './sim-pair.ts';

const MINUTE_MS = 60_000;
const TICKS_PER_MINUTE = 60;

/** Fills `candles` with one candle a minute for the `days` before the minute of `now`; returns the last close in ticks. */
export function seedHistory(
  candles: CandleSeries,
  setup: PairSetup,
  now: number,
  days: number,
  noise: NoiseProfile,
  rng: Prng,
  nextTradeId: () => number,
): number | null {
  const minutes = Math.floor(days * 24 * 60);
  if (minutes <= 0) return null;
  const { grid, market, initialPrice } = setup;
  const sigma = setup.config.volatility * Math.sqrt(TICKS_PER_MINUTE);
  const pull = 1 - MEAN_REVERSION * TICKS_PER_MINUTE;

  // Log offsets from the initial price at each minute boundary, walked back from 0 (now).
  const path = new Float64Array(minutes + 1);
  for (let i = minutes; i > 0; i--) path[i - 1] = path[i]! * pull - sigma * rng.normal();

  const ticksOf = (offset: number): number => Math.max(1, Math.round(initialPrice * Math.exp(offset) * grid.tickScale));
  const sizeUnit = grid.minNotional > 0 ? grid.minNotional : 1;
  const tradesPerMinute = noise.activity * TICKS_PER_MINUTE;
  const start = now - (now % MINUTE_MS) - minutes * MINUTE_MS;
  let close = 0;
  for (let m = 0; m < minutes; m++) {
    const open = ticksOf(path[m]!);
    close = ticksOf(path[m + 1]!);
    const wick = () => Math.abs(rng.normal()) * sigma * 0.5;
    const high = Math.max(open, close, ticksOf(Math.max(path[m]!, path[m + 1]!) + wick()));
    const low = Math.max(1, Math.min(open, close, ticksOf(Math.min(path[m]!, path[m + 1]!) - wick())));
    const notional = sizeUnit * noise.medianNotionals * tradesPerMinute * Math.exp(0.35 * rng.normal());
    const price = initialPrice * Math.exp(path[m + 1]!);
    // Four trades a minute carry the candle: open, high, low, close, a quarter of the volume each.
    const lots = Math.max(grid.minLots, Math.round((notional / price / 4) * grid.lotScale));
    const time = start + m * MINUTE_MS;
    for (const [offset, ticks] of [
      [0, open],
      [15_000, high],
      [30_000, low],
      [45_000, close],
    ] as const) {
      candles.add(time + offset, ticks, lots, notionalUnits(market, ticks, lots), nextTradeId());
    }
  }
  return close;
}
