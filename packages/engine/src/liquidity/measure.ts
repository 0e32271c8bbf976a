import { LIQUIDITY_DEPTH_BANDS, type LiquidityDepthBand, type LiquidityObligationTerms } from '@makerdesk/contract';
import { add, compare, decimalsOf, div, fromUnits, minus, mul, sign, toUnits } from '@makerdesk/decimal';

/**
 * One sample of a pair's market quality (DESK.md "Market quality", issue 20), pure: from the book
 * and the desk's own open orders, the spread, the depth per side within each band of mid (the
 * book's and the desk's own) and whether the desk is two-sided within its obligation. Exact: every
 * amount is a decimal string, every test an exact comparison; only the spread is rounded (up, to
 * 0.1 bps, so it never flatters).
 */

/** [price, amount], as the exchange package's BookLevel. */
export type LiquidityLevel = readonly [string, string];

export interface LiquidityBook {
  bids: readonly LiquidityLevel[];
  asks: readonly LiquidityLevel[];
  /** The last trade: the mid when one side of the book is empty (DESK.md "mid"). */
  last?: string | null;
}

/** A resting order of the desk: its price and its amount still open (base). */
export interface RestingQuote {
  side: 'buy' | 'sell';
  price: string;
  remaining: string;
}

export interface BandDepth {
  bidQuote: string;
  askQuote: string;
  ownBidQuote: string;
  ownAskQuote: string;
}

/**
 * Whether the desk was two-sided within the obligation in this sample, and if not the first test it
 * failed: `no_quote` it lacks a bid or an ask, `spread` its best bid and ask are wider than the cap,
 * `depth` its own depth within the band is under the minimum on a side.
 */
export type SampleStatus = 'up' | 'no_quote' | 'spread' | 'depth';

export interface LiquiditySample {
  /** Mean of the best bid and ask; the last trade when a side is empty; null with neither. */
  mid: string | null;
  /** The book's spread in bps, rounded up to 0.1; null when a side of the book is empty. */
  spreadBps: string | null;
  depth: Record<LiquidityDepthBand, BandDepth>;
  /** Without an obligation the test is only "holds a bid and an ask". */
  status: SampleStatus;
}

const ZERO_DEPTH: BandDepth = { bidQuote: '0', askQuote: '0', ownBidQuote: '0', ownAskQuote: '0' };

/** The bands in tenths of a percent, so every band test is in integers. */
const BAND_TENTHS: readonly bigint[] = LIQUIDITY_DEPTH_BANDS.map((b) => BigInt(Math.round(Number(b) * 10)));

const PLAIN = /^\d+(\.\d*)?$/;
const POW10: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10 = (n: number) => POW10[n] ?? 10n ** BigInt(n);

/** Decimals of a decimal string (plain strings without parsing). */
function decimalsIn(v: string): number {
  if (!PLAIN.test(v)) return decimalsOf(v);
  const dot = v.indexOf('.');
  return dot < 0 ? 0 : v.length - dot - 1;
}

/** v in units of 10^-scale (scale ≥ its decimals): the hot path of a sample. */
function unitsOf(v: string, scale: number): bigint {
  if (!PLAIN.test(v)) return toUnits(v, scale);
  const dot = v.indexOf('.');
  const frac = dot < 0 ? 0 : v.length - dot - 1;
  // Up to 15 digits a double holds the integer exactly: no string surgery, no big parse.
  if (v.length <= 16) return BigInt(Math.round(Number(v) * 10 ** frac)) * pow10(scale - frac);
  return parseUnits(v, scale);
}

/** Plain strings without the general parser. */
function parseUnits(v: string, scale: number): bigint {
  const dot = v.indexOf('.');
  if (dot < 0) return BigInt(v) * pow10(scale);
  const frac = v.length - dot - 1;
  return BigInt(v.slice(0, dot) + v.slice(dot + 1)) * pow10(scale - frac);
}

/** Canonical decimal of units at a scale (no trailing zeros, no '-0'), without the general parser. */
function decimalOf(units: bigint, scale: number): string {
  if (units === 0n) return '0';
  const s = fromUnits(units, scale);
  if (scale === 0) return s;
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return s.slice(0, end);
}

/** (ask − bid) / mid × 10,000 with mid = (ask + bid) / 2, rounded up to 0.1 bps; null when not positive. */
export function spreadBpsCeil(bid: string, ask: string): string | null {
  const sum = add(bid, ask);
  if (sign(bid) <= 0 || sign(sum) <= 0) return null;
  // (ask − bid) / ((ask + bid) / 2) × 10,000 = (ask − bid) × 20,000 / (ask + bid)
  return div(mul(minus(ask, bid), '20000'), sum, { decimals: 1, rounding: 'ceil' });
}

/** True when (ask − bid) / mid × 10,000 ≤ cap, exactly (mid = (ask + bid) / 2). */
export function spreadWithin(bid: string, ask: string, capBps: string): boolean {
  // (ask − bid) × 20,000 ≤ cap × (ask + bid)
  return compare(mul(minus(ask, bid), '20000'), mul(capBps, add(bid, ask))) <= 0;
}

interface Level {
  p: bigint;
  a: bigint;
}

/**
 * Depth per band of one side, in units of 10^-(sp + sa): a level is inside band x (tenths of %) when
 * p ≥ mid·(1 − x/1000) for bids, p ≤ mid·(1 + x/1000) for asks; with mid2 = 2·mid in price units:
 * p·2000 ≥ mid2·(1000 − x), p·2000 ≤ mid2·(1000 + x).
 */
function bandSums(levels: readonly Level[], mid2: bigint, side: 'bid' | 'ask'): bigint[] {
  const sums = BAND_TENTHS.map(() => 0n);
  const edges = BAND_TENTHS.map((x) => mid2 * (side === 'bid' ? 1000n - x : 1000n + x));
  for (const { p, a } of levels) {
    if (a <= 0n || p <= 0n) continue;
    const p2000 = p * 2000n;
    const value = p * a;
    for (let i = 0; i < edges.length; i++) if (side === 'bid' ? p2000 >= edges[i]! : p2000 <= edges[i]!) sums[i]! += value;
  }
  return sums;
}

function best(levels: readonly Level[], side: 'bid' | 'ask'): bigint | null {
  let b: bigint | null = null;
  for (const { p, a } of levels) {
    if (a <= 0n || p <= 0n) continue;
    if (b === null || (side === 'bid' ? p > b : p < b)) b = p;
  }
  return b;
}

/**
 * Measures one sample. The desk's own depth comes from its open orders (they rest in the book, so
 * the book's depth includes them when the book is whole); the bands are around the book's mid. All
 * in integers at the finest scale of the prices and of the amounts given.
 */
export function measureSample(book: LiquidityBook, own: readonly RestingQuote[], obligation: LiquidityObligationTerms | null): LiquiditySample {
  const last = book.last != null && book.last !== '' && unitsOf(book.last, decimalsIn(book.last)) > 0n ? book.last : null;
  // One pass: the finest scale of the prices and of the amounts, and whether all are plain decimals.
  let plain = true;
  const decimals = (v: string): number => {
    if (PLAIN.test(v)) {
      const dot = v.indexOf('.');
      return dot < 0 ? 0 : v.length - dot - 1;
    }
    plain = false;
    return decimalsOf(v);
  };
  let sp = last === null ? 0 : decimals(last);
  let sa = 0;
  for (const side of [book.bids, book.asks])
    for (const [p, a] of side) {
      sp = Math.max(sp, decimals(p));
      sa = Math.max(sa, decimals(a));
    }
  for (const o of own) {
    sp = Math.max(sp, decimals(o.price));
    sa = Math.max(sa, decimals(o.remaining));
  }
  plain &&= sp <= 22 && sa <= 22;
  return (plain ? measureInNumbers(book, own, obligation, last, sp, sa) : null) ?? measureInBigints(book, own, obligation, last, sp, sa);
}

function measureInBigints(book: LiquidityBook, own: readonly RestingQuote[], obligation: LiquidityObligationTerms | null, last: string | null, sp: number, sa: number): LiquiditySample {
  const level = (p: string, a: string): Level => ({ p: unitsOf(p, sp), a: unitsOf(a, sa) });
  const bids = book.bids.map(([p, a]) => level(p, a));
  const asks = book.asks.map(([p, a]) => level(p, a));
  const ownBids = own.filter((o) => o.side === 'buy').map((o) => level(o.price, o.remaining));
  const ownAsks = own.filter((o) => o.side === 'sell').map((o) => level(o.price, o.remaining));

  const bid = best(bids, 'bid');
  const ask = best(asks, 'ask');
  const mid2 = bid !== null && ask !== null ? bid + ask : last === null ? null : 2n * unitsOf(last, sp);
  const mid = mid2 === null ? null : decimalOf(mid2 * 5n, sp + 1);
  // (ask − bid) × 200,000 / (ask + bid) tenths of a bps, rounded up
  const spreadBps = bid !== null && ask !== null ? decimalOf((((ask - bid) * 200_000n + bid + ask - 1n) / (bid + ask)), 1) : null;

  const sums = mid2 === null ? null : { bid: bandSums(bids, mid2, 'bid'), ask: bandSums(asks, mid2, 'ask'), ownBid: bandSums(ownBids, mid2, 'bid'), ownAsk: bandSums(ownAsks, mid2, 'ask') };
  return assemble({ mid, spreadBps, scale: sp + sa, sums, ownBid: best(ownBids, 'bid'), ownAsk: best(ownAsks, 'ask') }, obligation);
}

/** What either path measured, in integers at `scale` (= price decimals + amount decimals). */
interface Measured {
  mid: string | null;
  spreadBps: string | null;
  scale: number;
  /** Depth per band (LIQUIDITY_DEPTH_BANDS order) of the book's and the desk's sides; null without a mid. */
  sums: { bid: readonly bigint[]; ask: readonly bigint[]; ownBid: readonly bigint[]; ownAsk: readonly bigint[] } | null;
  /** The desk's best bid and ask in price units. */
  ownBid: bigint | null;
  ownAsk: bigint | null;
}

/** The sample from what was measured: the depth as decimals and the obligation's tests in order. */
function assemble(m: Measured, obligation: LiquidityObligationTerms | null): LiquiditySample {
  const depth = {} as Record<LiquidityDepthBand, BandDepth>;
  const { sums, scale } = m;
  LIQUIDITY_DEPTH_BANDS.forEach((band, i) => {
    depth[band] =
      sums === null
        ? ZERO_DEPTH
        : { bidQuote: decimalOf(sums.bid[i]!, scale), askQuote: decimalOf(sums.ask[i]!, scale), ownBidQuote: decimalOf(sums.ownBid[i]!, scale), ownAskQuote: decimalOf(sums.ownAsk[i]!, scale) };
  });
  let status: SampleStatus;
  if (m.ownBid === null || m.ownAsk === null) status = 'no_quote';
  else if (obligation === null) status = 'up';
  else if (!capHolds(m.ownBid, m.ownAsk, obligation.maxSpreadBps)) status = 'spread';
  else if (sums === null) status = 'depth';
  else {
    const i = LIQUIDITY_DEPTH_BANDS.indexOf(obligation.depthWithinPct);
    const common = Math.max(scale, decimalsIn(obligation.minDepthQuote));
    const min = unitsOf(obligation.minDepthQuote, common);
    const at = (units: bigint) => units * pow10(common - scale);
    status = at(sums.ownBid[i]!) < min || at(sums.ownAsk[i]!) < min ? 'depth' : 'up';
  }
  return { mid: m.mid, spreadBps: m.spreadBps, depth, status };
}

/** (ask − bid) × 20,000 ≤ cap × (ask + bid), the cap in units of its own decimals. */
function capHolds(bid: bigint, ask: bigint, capBps: string): boolean {
  const cd = decimalsIn(capBps);
  return (ask - bid) * 20_000n * pow10(cd) <= unitsOf(capBps, cd) * (ask + bid);
}

const SAFE = Number.MAX_SAFE_INTEGER;
const POW10N: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** v × 10^scale as an exact integer double, or NaN when a double cannot hold it exactly. */
function safeUnits(v: string, scale: number): number {
  // Every string was checked plain by decimalsIn before (measureSample).
  if (v.length > 16) return Number.NaN;
  const dot = v.indexOf('.');
  const frac = dot < 0 ? 0 : v.length - dot - 1;
  const n = Math.round(Number(v) * POW10N[frac]!) * POW10N[scale - frac]!;
  return n <= 2 ** 50 ? n : Number.NaN;
}

/** An integer double at a scale as a canonical decimal string. */
function decimalOfSafe(n: number, scale: number): string {
  return n === 0 ? '0' : decimalOf(BigInt(n), scale);
}

interface NumLevel {
  p: number;
  a: number;
}

/**
 * The same figures with integer doubles, when every integer involved stays exact in one (books of
 * everyday prices and amounts); null otherwise, and the bigint path measures. Exactness is checked,
 * not hoped for: each bound below keeps every product and sum under 2^53.
 */
function measureInNumbers(book: LiquidityBook, own: readonly RestingQuote[], obligation: LiquidityObligationTerms | null, last: string | null, sp: number, sa: number): LiquiditySample | null {
  let maxP = 0;
  let maxA = 0;
  let count = 0;
  let failed = false;
  const level = (p: string, a: string): NumLevel => {
    const l = { p: safeUnits(p, sp), a: safeUnits(a, sa) };
    if (Number.isNaN(l.p) || Number.isNaN(l.a)) failed = true;
    else {
      if (l.p > maxP) maxP = l.p;
      if (l.a > maxA) maxA = l.a;
    }
    count++;
    return l;
  };
  const bids = book.bids.map(([p, a]) => level(p, a));
  const asks = book.asks.map(([p, a]) => level(p, a));
  const ownBids: NumLevel[] = [];
  const ownAsks: NumLevel[] = [];
  for (const o of own) (o.side === 'buy' ? ownBids : ownAsks).push(level(o.price, o.remaining));
  const lastUnits = last === null ? Number.NaN : safeUnits(last, sp);
  if (failed || (last !== null && Number.isNaN(lastUnits))) return null;
  // p × 2000 and mid2 × 1050 exact; Σ p × a over every level exact.
  if (Math.max(maxP, lastUnits || 0) * 2 * 2000 >= SAFE || maxP * maxA * Math.max(1, count) >= SAFE) return null;

  const bestNum = (ls: NumLevel[], side: 'bid' | 'ask'): number | null => {
    let b: number | null = null;
    for (const { p, a } of ls) if (a > 0 && p > 0 && (b === null || (side === 'bid' ? p > b : p < b))) b = p;
    return b;
  };
  const bid = bestNum(bids, 'bid');
  const ask = bestNum(asks, 'ask');
  const mid2 = bid !== null && ask !== null ? bid + ask : last === null ? null : 2 * lastUnits;
  const mid = mid2 === null ? null : decimalOfSafe(mid2 * 5, sp + 1);
  let spreadBps: string | null = null;
  if (bid !== null && ask !== null) {
    const num = (ask - bid) * 200_000;
    const den = bid + ask;
    if (num >= SAFE) return null;
    let q = Math.floor(num / den);
    if (q * den < num) q++;
    while ((q - 1) * den >= num && q > 0) q--;
    spreadBps = decimalOfSafe(q, 1);
  }
  const sums = (ls: NumLevel[], side: 'bid' | 'ask'): number[] => {
    const out = BAND_TENTHS_N.map(() => 0);
    if (mid2 === null) return out;
    const edges = BAND_TENTHS_N.map((x) => mid2 * (side === 'bid' ? 1000 - x : 1000 + x));
    for (const { p, a } of ls) {
      if (a <= 0 || p <= 0) continue;
      const p2000 = p * 2000;
      const value = p * a;
      for (let i = 0; i < edges.length; i++) if (side === 'bid' ? p2000 >= edges[i]! : p2000 <= edges[i]!) out[i]! += value;
    }
    return out;
  };
  const big = (ls: NumLevel[], side: 'bid' | 'ask') => sums(ls, side).map(BigInt);
  const ownBest = (ls: NumLevel[], side: 'bid' | 'ask') => {
    const b = bestNum(ls, side);
    return b === null ? null : BigInt(b);
  };
  return assemble(
    {
      mid,
      spreadBps,
      scale: sp + sa,
      sums: mid2 === null ? null : { bid: big(bids, 'bid'), ask: big(asks, 'ask'), ownBid: big(ownBids, 'bid'), ownAsk: big(ownAsks, 'ask') },
      ownBid: ownBest(ownBids, 'bid'),
      ownAsk: ownBest(ownAsks, 'ask'),
    },
    obligation,
  );
}

const BAND_TENTHS_N: readonly number[] = BAND_TENTHS.map(Number);
