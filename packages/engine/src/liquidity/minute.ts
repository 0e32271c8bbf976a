import { LIQUIDITY_DEPTH_BANDS, type LiquidityDepthBand } from '@makerdesk/contract';
import { add, compare, min } from '@makerdesk/decimal';
import type { BandDepth, LiquiditySample } from './measure.ts';

/**
 * One pair's minute of samples folded into the one-minute row the history keeps (issue 20), pure.
 * Time-weighted by the second: each of the minute's 60 seconds weighs one, and holds the last sample
 * taken in it. A second without a sample (the server was down, the book unread) is a gap: down for
 * the uptime and no own depth, never left out so that it flatters; the book's own figures (spread,
 * depth) are taken over the sampled seconds only, since nothing is known of them in a gap.
 */

export const MINUTE_MS = 60_000;
export const SECONDS_PER_MINUTE = 60;

export interface TimedSample {
  /** Epoch ms the sample was taken at. */
  at: number;
  sample: LiquiditySample;
}

/** Minimum over the seconds counted, and the sum over them (quote × seconds): means over any range stay exact. */
export interface DepthAggregate {
  min: string;
  sum: string;
}

export interface BandAggregate {
  /** The book's depth per side, over the sampled seconds. */
  bid: DepthAggregate;
  ask: DepthAggregate;
  /** The desk's own depth per side, over all 60 seconds (a gap second counts 0). */
  ownBid: DepthAggregate;
  ownAsk: DepthAggregate;
}

/** What the minute's trading adds (the sampler counts it from fills and placements). */
export interface MinuteActivity {
  /** The pair's traded quote volume in the minute, and the desk's part of it. */
  volumeQuote: string;
  ownVolumeQuote: string;
  /** The desk's orders placed and fills in the minute. */
  ordersPlaced: number;
  fills: number;
}

export const NO_ACTIVITY: MinuteActivity = { volumeQuote: '0', ownVolumeQuote: '0', ordersPlaced: 0, fills: 0 };

export interface LiquidityMinute extends MinuteActivity {
  /** The minute's start, epoch ms (a multiple of 60,000). */
  minute: number;
  /** Seconds with a sample (0 to 60). */
  samples: number;
  /** The 60 seconds by the desk's status: up + noQuote + spread + depth + gap = 60. */
  upSec: number;
  noQuoteSec: number;
  spreadSec: number;
  depthSec: number;
  gapSec: number;
  /** Sampled seconds by the book's spread (bps, rounded up to 0.1): exact quantiles over any range of minutes. */
  spreadHist: Record<string, number>;
  /** Sampled seconds whose book had a side empty (no spread: worse than any). */
  oneSidedSec: number;
  /** The minute's time-weighted spread quantiles (spreadQuantile of spreadHist). */
  spreadP50: string | null;
  spreadP95: string | null;
  depth: Record<LiquidityDepthBand, BandAggregate>;
}

/**
 * The p-th percentile (an integer 1–100) by nearest rank over the seconds: the smallest spread that
 * at least p % of the seconds are at or under. One-sided seconds rank above every spread, so a
 * quantile that falls among them is null (no spread), never a flattering figure.
 */
export function spreadQuantile(hist: Readonly<Record<string, number>>, oneSidedSec: number, percentile: number): string | null {
  const keys = Object.keys(hist).filter((k) => (hist[k] ?? 0) > 0);
  let n = oneSidedSec;
  for (const k of keys) n += hist[k] ?? 0;
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil((percentile * n) / 100));
  keys.sort(compare);
  let seen = 0;
  for (const k of keys) {
    seen += hist[k] ?? 0;
    if (seen >= rank) return k;
  }
  return null;
}

/** Adds `b` into `a` (seconds per spread). */
export function mergeHist(a: Record<string, number>, b: Readonly<Record<string, number>>): Record<string, number> {
  for (const [k, v] of Object.entries(b)) a[k] = (a[k] ?? 0) + v;
  return a;
}

function foldDepth(agg: DepthAggregate | null, value: string): DepthAggregate {
  return agg === null ? { min: value, sum: value } : { min: min(agg.min, value), sum: add(agg.sum, value) };
}

const EMPTY: DepthAggregate = { min: '0', sum: '0' };

/** Folds the samples taken in [minute, minute + 60 s) into its row; samples outside it are ignored. */
export function aggregateMinute(minute: number, samples: readonly TimedSample[], activity: MinuteActivity = NO_ACTIVITY): LiquidityMinute {
  if (minute % MINUTE_MS !== 0) throw new RangeError(`aggregateMinute: ${minute} is not the start of a minute`);
  const perSecond: (LiquiditySample | undefined)[] = new Array<LiquiditySample | undefined>(SECONDS_PER_MINUTE);
  const ordered = [...samples].sort((a, b) => a.at - b.at);
  for (const { at, sample } of ordered) {
    const second = Math.floor((at - minute) / 1000);
    if (second >= 0 && second < SECONDS_PER_MINUTE) perSecond[second] = sample;
  }

  const row: LiquidityMinute = {
    minute,
    samples: 0,
    upSec: 0,
    noQuoteSec: 0,
    spreadSec: 0,
    depthSec: 0,
    gapSec: 0,
    spreadHist: {},
    oneSidedSec: 0,
    spreadP50: null,
    spreadP95: null,
    depth: {} as Record<LiquidityDepthBand, BandAggregate>,
    ...activity,
  };
  const book: Record<string, { bid: DepthAggregate | null; ask: DepthAggregate | null; ownBid: DepthAggregate | null; ownAsk: DepthAggregate | null }> = {};
  for (const band of LIQUIDITY_DEPTH_BANDS) book[band] = { bid: null, ask: null, ownBid: null, ownAsk: null };

  for (const sample of perSecond) {
    if (sample === undefined) {
      row.gapSec++;
      for (const band of LIQUIDITY_DEPTH_BANDS) {
        const b = book[band]!;
        b.ownBid = foldDepth(b.ownBid, '0');
        b.ownAsk = foldDepth(b.ownAsk, '0');
      }
      continue;
    }
    row.samples++;
    if (sample.status === 'up') row.upSec++;
    else if (sample.status === 'no_quote') row.noQuoteSec++;
    else if (sample.status === 'spread') row.spreadSec++;
    else row.depthSec++;
    if (sample.spreadBps === null) row.oneSidedSec++;
    else row.spreadHist[sample.spreadBps] = (row.spreadHist[sample.spreadBps] ?? 0) + 1;
    for (const band of LIQUIDITY_DEPTH_BANDS) {
      const b = book[band]!;
      const d: BandDepth = sample.depth[band];
      b.bid = foldDepth(b.bid, d.bidQuote);
      b.ask = foldDepth(b.ask, d.askQuote);
      b.ownBid = foldDepth(b.ownBid, d.ownBidQuote);
      b.ownAsk = foldDepth(b.ownAsk, d.ownAskQuote);
    }
  }
  for (const band of LIQUIDITY_DEPTH_BANDS) {
    const b = book[band]!;
    row.depth[band] = { bid: b.bid ?? EMPTY, ask: b.ask ?? EMPTY, ownBid: b.ownBid ?? EMPTY, ownAsk: b.ownAsk ?? EMPTY };
  }
  row.spreadP50 = spreadQuantile(row.spreadHist, row.oneSidedSec, 50);
  row.spreadP95 = spreadQuantile(row.spreadHist, row.oneSidedSec, 95);
  return row;
}

/**
 * Two rows of one minute sampled by two runs (a server stopped and started inside it), whose sampled
 * seconds do not overlap, as one: counts and sums add, the gap is what neither sampled. The own
 * depth's minimum stays the lower one (a partial row's gaps make it 0: conservative, never flattering).
 */
export function mergeMinutes(a: LiquidityMinute, b: LiquidityMinute): LiquidityMinute {
  if (a.minute !== b.minute) throw new RangeError(`mergeMinutes: minutes ${a.minute} and ${b.minute} differ`);
  const samples = Math.min(SECONDS_PER_MINUTE, a.samples + b.samples);
  const depth = {} as Record<LiquidityDepthBand, BandAggregate>;
  const both = (x: DepthAggregate, y: DepthAggregate, xCounts: boolean, yCounts: boolean): DepthAggregate => {
    if (!xCounts) return y;
    if (!yCounts) return x;
    return { min: min(x.min, y.min), sum: add(x.sum, y.sum) };
  };
  for (const band of LIQUIDITY_DEPTH_BANDS) {
    const x = a.depth[band];
    const y = b.depth[band];
    depth[band] = {
      // The book's figures are over sampled seconds only: a row without samples has none to give.
      bid: both(x.bid, y.bid, a.samples > 0, b.samples > 0),
      ask: both(x.ask, y.ask, a.samples > 0, b.samples > 0),
      ownBid: both(x.ownBid, y.ownBid, true, true),
      ownAsk: both(x.ownAsk, y.ownAsk, true, true),
    };
  }
  const spreadHist = mergeHist(mergeHist({}, a.spreadHist), b.spreadHist);
  const oneSidedSec = a.oneSidedSec + b.oneSidedSec;
  const upSec = a.upSec + b.upSec;
  const noQuoteSec = a.noQuoteSec + b.noQuoteSec;
  const spreadSec = a.spreadSec + b.spreadSec;
  const depthSec = a.depthSec + b.depthSec;
  return {
    minute: a.minute,
    samples,
    upSec,
    noQuoteSec,
    spreadSec,
    depthSec,
    gapSec: Math.max(0, SECONDS_PER_MINUTE - upSec - noQuoteSec - spreadSec - depthSec),
    spreadHist,
    oneSidedSec,
    spreadP50: spreadQuantile(spreadHist, oneSidedSec, 50),
    spreadP95: spreadQuantile(spreadHist, oneSidedSec, 95),
    depth,
    volumeQuote: add(a.volumeQuote, b.volumeQuote),
    ownVolumeQuote: add(a.ownVolumeQuote, b.ownVolumeQuote),
    ordersPlaced: a.ordersPlaced + b.ordersPlaced,
    fills: a.fills + b.fills,
  };
}
