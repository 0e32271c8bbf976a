import type { LiquidityObligationTerms, LiquiditySummary } from '@makerdesk/contract';
import type { UTCTimestamp } from 'lightweight-charts';
import type { LinePoint } from '@/components/time-chart';

/**
 * The liquidity history's charts (issue 20): one point per part of the range (a UTC hour or day),
 * each from that part's summary. Numbers here only place pixels; every figure the legends write is
 * the server's decimal string.
 */

/** A part of a range with its figures, as the report answers them. */
export interface LiquidityBucket {
  from: number;
  to: number;
  summary: LiquiditySummary;
}

export interface LiquiditySeries {
  spreadP50: LinePoint[];
  spreadP95: LinePoint[];
  bid: LinePoint[];
  ask: LinePoint[];
  ownBid: LinePoint[];
  ownAsk: LinePoint[];
  /** Uptime per part, in %; a part with a breach in the down colour. Empty without an obligation. */
  uptime: LinePoint[];
  /** The obligation's lines across the range: the spread cap, the minimum own depth and the minimum uptime. */
  cap: LinePoint[];
  minDepth: LinePoint[];
  minUptime: LinePoint[];
  /** The last part's figures, as the server wrote them (null: no figure). */
  latest: {
    spreadP50: string | null;
    spreadP95: string | null;
    bid: string | null;
    ask: string | null;
    ownBid: string | null;
    ownAsk: string | null;
    uptime: string | null;
  };
}

const at = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/** The parts oldest first, one point each at the part's start; a part without samples has no spread or total depth (nothing was read), but its own depth and uptime are 0 (down). */
export function liquiditySeries(buckets: readonly LiquidityBucket[], obligation: LiquidityObligationTerms | null, colors: { up: string; down: string }): LiquiditySeries {
  const parts = [...buckets].sort((a, b) => a.from - b.from);
  const s: LiquiditySeries = {
    spreadP50: [],
    spreadP95: [],
    bid: [],
    ask: [],
    ownBid: [],
    ownAsk: [],
    uptime: [],
    cap: [],
    minDepth: [],
    minUptime: [],
    latest: { spreadP50: null, spreadP95: null, bid: null, ask: null, ownBid: null, ownAsk: null, uptime: null },
  };
  let lastTime = -1;
  for (const part of parts) {
    const time = at(part.from);
    if (time <= lastTime) continue; // the chart needs strictly rising times
    lastTime = time;
    const { summary } = part;
    const sampled = summary.samples > 0;
    if (summary.spreadBps.p50 !== null) s.spreadP50.push({ time, value: Number(summary.spreadBps.p50) });
    if (summary.spreadBps.p95 !== null) s.spreadP95.push({ time, value: Number(summary.spreadBps.p95) });
    if (sampled) {
      s.bid.push({ time, value: Number(summary.depth.bidQuote) });
      s.ask.push({ time, value: Number(summary.depth.askQuote) });
    }
    s.ownBid.push({ time, value: Number(summary.depth.ownBidQuote) });
    s.ownAsk.push({ time, value: Number(summary.depth.ownAskQuote) });
    if (obligation !== null && summary.uptimePct !== null) {
      s.uptime.push({ time, value: Number(summary.uptimePct), color: summary.breaches.length > 0 ? colors.down : colors.up });
    }
    if (obligation !== null) {
      s.cap.push({ time, value: Number(obligation.maxSpreadBps) });
      s.minDepth.push({ time, value: Number(obligation.minDepthQuote) });
      s.minUptime.push({ time, value: Number(obligation.minUptimePct) });
    }
    s.latest = {
      spreadP50: summary.spreadBps.p50,
      spreadP95: summary.spreadBps.p95,
      bid: sampled ? summary.depth.bidQuote : null,
      ask: sampled ? summary.depth.askQuote : null,
      ownBid: summary.depth.ownBidQuote,
      ownAsk: summary.depth.ownAskQuote,
      uptime: summary.uptimePct,
    };
  }
  return s;
}
