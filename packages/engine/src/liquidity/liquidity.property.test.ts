/**
 * The liquidity figures against a naive reference (issue 20's target "exact to the basis point and
 * the second"): books of integer ticks (price = ticks / 100, amount = lots / 1000) measured in
 * bigint arithmetic from the definitions of DESK.md, and a series of seconds with known statuses
 * and spreads, some seconds and minutes missing, summed by brute force over every second.
 */
import { LIQUIDITY_DEPTH_BANDS, type LiquidityBreach, type LiquidityObligationTerms } from '@makerdesk/contract';
import { fromUnits as fixedUnits, parse } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureSample, type LiquiditySample, type RestingQuote } from './measure.ts';
import { aggregateMinute, MINUTE_MS, type LiquidityMinute, type TimedSample } from './minute.ts';
import { summariseLiquidity } from './summary.ts';

/** Units to a canonical decimal (fromUnits writes every decimal asked). */
const fromUnits = (units: bigint, decimals: number) => parse(fixedUnits(units, decimals));

interface TickLevel {
  p: bigint;
  a: bigint;
}

const price = (t: bigint) => fromUnits(t, 2);
const amount = (l: bigint) => fromUnits(l, 3);
const quote = (units: bigint) => fromUnits(units, 5);
/** Band in tenths of a percent. */
const BAND_TENTHS: Record<(typeof LIQUIDITY_DEPTH_BANDS)[number], bigint> = { '0.5': 5n, '1': 10n, '2': 20n, '5': 50n };

const levels = fc.array(fc.record({ p: fc.bigInt(1n, 400n), a: fc.bigInt(1n, 100_000n) }), { maxLength: 12 });

const bookCase = fc.record({
  bestBid: fc.bigInt(5_000n, 20_000n),
  gap: fc.bigInt(1n, 300n),
  bids: levels,
  asks: levels,
  ownBids: fc.array(fc.record({ p: fc.bigInt(0n, 400n), a: fc.bigInt(1n, 100_000n) }), { maxLength: 4 }),
  ownAsks: fc.array(fc.record({ p: fc.bigInt(0n, 400n), a: fc.bigInt(1n, 100_000n) }), { maxLength: 4 }),
  capTenths: fc.bigInt(10n, 3000n),
  minDepthUnits: fc.bigInt(0n, 3_000_000_000n),
  band: fc.constantFrom(...LIQUIDITY_DEPTH_BANDS),
});

describe('measureSample against the naive reference', () => {
  it('gives the spread to 0.1 bps up, each depth to the unit, the status exactly', () => {
    fc.assert(
      fc.property(bookCase, (c) => {
        const bestAsk = c.bestBid + c.gap;
        // Offsets away from the best; the best level itself is always there.
        const bids: TickLevel[] = [{ p: c.bestBid, a: 1000n }, ...c.bids.map((l) => ({ p: c.bestBid - l.p, a: l.a }))];
        const asks: TickLevel[] = [{ p: bestAsk, a: 1000n }, ...c.asks.map((l) => ({ p: bestAsk + l.p, a: l.a }))];
        const ownBids = c.ownBids.map((l) => ({ p: c.bestBid - l.p, a: l.a }));
        const ownAsks = c.ownAsks.map((l) => ({ p: bestAsk + l.p, a: l.a }));
        const obligation: LiquidityObligationTerms = {
          maxSpreadBps: fromUnits(c.capTenths, 1),
          depthWithinPct: c.band,
          minDepthQuote: quote(c.minDepthUnits),
          minUptimePct: '90',
          period: 'day',
        };
        const own: RestingQuote[] = [
          ...ownBids.map((l): RestingQuote => ({ side: 'buy', price: price(l.p), remaining: amount(l.a) })),
          ...ownAsks.map((l): RestingQuote => ({ side: 'sell', price: price(l.p), remaining: amount(l.a) })),
        ];
        const got = measureSample(
          { bids: bids.map((l) => [price(l.p), amount(l.a)] as const), asks: asks.map((l) => [price(l.p), amount(l.a)] as const) },
          own,
          obligation,
        );
        // The same book written with 14 more zero decimals: too long for the double path, measured in bigints, the same figures.
        const pad = (v: string) => (v.includes('.') ? `${v}${'0'.repeat(14)}` : `${v}.${'0'.repeat(14)}`);
        const long = measureSample(
          { bids: bids.map((l) => [pad(price(l.p)), pad(amount(l.a))] as const), asks: asks.map((l) => [pad(price(l.p)), pad(amount(l.a))] as const) },
          own.map((o) => ({ ...o, price: pad(o.price), remaining: pad(o.remaining) })),
          obligation,
        );
        expect(long).toEqual(got);

        const sum = c.bestBid + bestAsk;
        // spread in tenths of bps = (ask − bid) / ((ask + bid) / 2) × 100,000, rounded up
        const num = c.gap * 200_000n;
        const tenths = (num + sum - 1n) / sum;
        expect(got.spreadBps).toBe(fromUnits(tenths, 1));

        // bid inside x % ⇔ p ≥ mid × (1 − x/100) ⇔ p × 2000 ≥ sum × (1000 − x·10), asks alike
        const bidIn = (p: bigint, x: bigint) => p * 2000n >= sum * (1000n - x);
        const askIn = (p: bigint, x: bigint) => p * 2000n <= sum * (1000n + x);
        const depth = (ls: TickLevel[], inside: (p: bigint) => boolean) => ls.filter((l) => l.p > 0n && inside(l.p)).reduce((n, l) => n + l.p * l.a, 0n);
        for (const band of LIQUIDITY_DEPTH_BANDS) {
          const x = BAND_TENTHS[band];
          expect(got.depth[band]).toEqual({
            bidQuote: quote(depth(bids, (p) => bidIn(p, x))),
            askQuote: quote(depth(asks, (p) => askIn(p, x))),
            ownBidQuote: quote(depth(ownBids, (p) => bidIn(p, x))),
            ownAskQuote: quote(depth(ownAsks, (p) => askIn(p, x))),
          });
        }

        const liveBids = ownBids.filter((l) => l.p > 0n);
        let status: LiquiditySample['status'];
        if (liveBids.length === 0 || ownAsks.length === 0) status = 'no_quote';
        else {
          const ob = liveBids.reduce((m, l) => (l.p > m ? l.p : m), 0n);
          const oa = ownAsks.reduce((m, l) => (l.p < m ? l.p : m), ownAsks[0]!.p);
          // (oa − ob) / ((oa + ob) / 2) × 10,000 ≤ cap ⇔ (oa − ob) × 200,000 ≤ capTenths × (oa + ob)
          if ((oa - ob) * 200_000n > c.capTenths * (oa + ob)) status = 'spread';
          else {
            const x = BAND_TENTHS[c.band];
            const ownBid = depth(ownBids, (p) => bidIn(p, x));
            const ownAsk = depth(ownAsks, (p) => askIn(p, x));
            status = ownBid < c.minDepthUnits || ownAsk < c.minDepthUnits ? 'depth' : 'up';
          }
        }
        expect(got.status).toBe(status);
      }),
      { numRuns: 300 },
    );
  });
});

/** One second of a synthetic series: its status and spread (tenths of bps, null one-sided), or a gap. */
type Second = { status: LiquiditySample['status']; tenths: number | null; ownBid: number; bid: number } | null;

const second: fc.Arbitrary<Second> = fc.option(
  fc.record({
    status: fc.constantFrom<LiquiditySample['status']>('up', 'up', 'up', 'no_quote', 'spread', 'depth'),
    tenths: fc.option(fc.integer({ min: 1, max: 400 }), { freq: 8 }),
    ownBid: fc.integer({ min: 0, max: 1000 }),
    bid: fc.integer({ min: 0, max: 5000 }),
  }),
  { freq: 6 },
);

function sampleOf(s: NonNullable<Second>): LiquiditySample {
  const d = { bidQuote: String(s.bid), askQuote: '0', ownBidQuote: String(s.ownBid), ownAskQuote: '0' };
  return { mid: '1', spreadBps: s.tenths === null ? null : fromUnits(BigInt(s.tenths), 1), status: s.status, depth: { '0.5': d, '1': d, '2': d, '5': d } };
}

/** Nearest rank over the seconds, one-sided (Infinity) above every spread. */
function naiveQuantile(values: number[], percentile: number): string | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const v = sorted[Math.max(1, Math.ceil((percentile * sorted.length) / 100)) - 1]!;
  return Number.isFinite(v) ? fromUnits(BigInt(v), 1) : null;
}

describe('the minute rows and the summary against every second', () => {
  it('give the uptime to the second, the spread quantiles and the breaches exactly', () => {
    const minuteCase = fc.record({
      // Each minute: its 60 seconds, or the whole minute missing (no row at all).
      minutes: fc.array(fc.option(fc.array(second, { minLength: 60, maxLength: 60 }), { freq: 5 }), { minLength: 1, maxLength: 8 }),
      minUptimePct: fc.constantFrom('85', '90', '95.5', '98', '100'),
    });
    fc.assert(
      fc.property(minuteCase, ({ minutes, minUptimePct }) => {
        const m0 = 1_700_000_040_000; // a minute start
        const obligation: LiquidityObligationTerms = { maxSpreadBps: '20', depthWithinPct: '1', minDepthQuote: '0', minUptimePct, period: 'day' };
        const rows: LiquidityMinute[] = [];
        minutes.forEach((secs, i) => {
          if (secs === null) return;
          const start = m0 + i * MINUTE_MS;
          const samples: TimedSample[] = [];
          secs.forEach((s, k) => {
            if (s !== null) samples.push({ at: start + k * 1000 + 999, sample: sampleOf(s) });
          });
          rows.push(aggregateMinute(start, samples));
        });
        const to = m0 + minutes.length * MINUTE_MS;
        const got = summariseLiquidity({ from: m0, to, now: to, rows, obligation });

        const all: Second[] = minutes.flatMap((secs) => secs ?? new Array<Second>(60).fill(null));
        const sampled = all.filter((s): s is NonNullable<Second> => s !== null);
        const up = sampled.filter((s) => s.status === 'up').length;
        expect(got.samples).toBe(sampled.length);
        const upPct = fromUnits(BigInt(Math.floor((up * 100 * 100) / all.length)), 2);
        expect(got.uptimePct).toBe(upPct);
        const spreads = sampled.map((s) => s.tenths ?? Infinity);
        expect(got.spreadBps).toEqual({ p50: naiveQuantile(spreads, 50), p95: naiveQuantile(spreads, 95) });
        const ownSum = sampled.reduce((n, s) => n + s.ownBid, 0);
        const bidSum = sampled.reduce((n, s) => n + s.bid, 0);
        // mean at 8 decimals, half-up (never exactly half here: 60 × k seconds against 10^8)
        const mean = (total: number, n: number) => fromUnits((2n * BigInt(total) * 10n ** 8n + BigInt(n)) / (2n * BigInt(n)), 8);
        expect(got.depth.ownBidQuote).toBe(mean(ownSum, all.length));
        expect(got.depth.bidQuote).toBe(sampled.length === 0 ? '0' : mean(bidSum, sampled.length));

        // Breaches: minute by minute, the kind with the most down seconds, runs of one kind merged.
        const required = Math.ceil((60 * Number(minUptimePct)) / 100 - 1e-9);
        const expected: LiquidityBreach[] = [];
        minutes.forEach((secs, i) => {
          const s = secs ?? new Array<Second>(60).fill(null);
          const count = (f: (x: Second) => boolean) => s.filter(f).length;
          if (count((x) => x?.status === 'up') >= required) return;
          const tally: [LiquidityBreach['kind'], number][] = [
            ['gap', count((x) => x === null)],
            ['no_quote', count((x) => x?.status === 'no_quote')],
            ['spread', count((x) => x?.status === 'spread')],
            ['depth', count((x) => x?.status === 'depth')],
          ];
          const kind = tally.reduce((best, t) => (t[1] > best[1] ? t : best))[0];
          const from = m0 + i * MINUTE_MS;
          const last = expected[expected.length - 1];
          if (last !== undefined && last.kind === kind && last.to === from) last.to = from + MINUTE_MS;
          else expected.push({ from, to: from + MINUTE_MS, kind });
        });
        expect(got.breaches).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
