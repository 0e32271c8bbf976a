import { LIQUIDITY_REPORT_COLUMNS, liquidityVerdict, type LiquidityObligationTerms, type LiquiditySummary } from '@makerdesk/contract';
import { csvCell } from '../csv-cell.ts';
import { breachedMinutes, type LiquidityBucket } from '@makerdesk/engine';

/**
 * The liquidity report as CSV (issue 20), pure. Lines starting with `#` state the report as
 * `# key,value` (pair, range, the obligation's terms, the whole period's figures and verdict); then
 * the header row and one row per UTC hour. Figures are the summary's decimal strings as answered
 * (never floats); an empty cell is no figure. Lines end with CRLF (RFC 4180).
 */

export interface LiquidityReportInput {
  pair: string;
  from: number;
  to: number;
  obligation: LiquidityObligationTerms | null;
  period: LiquiditySummary;
  hours: readonly LiquidityBucket[];
}

/** Every cell guards against formulas: the statement lines carry the pair's name and terms. */
const cell = (value: string | number | null | undefined) => csvCell(value, true);

const iso = (ms: number) => new Date(ms).toISOString();
const yesNo = (v: boolean | null) => (v === null ? null : v ? 'met' : 'not_met');

function hourRow(h: LiquidityBucket): string {
  const s = h.summary;
  return [
    iso(h.start),
    h.minutes,
    s.samples,
    s.spreadBps.p50,
    s.spreadBps.p95,
    s.depth.withinPct,
    s.depth.bidQuote,
    s.depth.askQuote,
    s.depth.ownBidQuote,
    s.depth.ownAskQuote,
    s.uptimePct,
    s.ownShareOfDepthPct,
    s.ownShareOfVolumePct,
    s.orderToTrade,
    s.breaches.length,
    breachedMinutes(s.breaches),
  ]
    .map(cell)
    .join(',');
}

export function liquidityReportCsv(input: LiquidityReportInput): string {
  const { obligation: o, period: p } = input;
  const meta: [string, string | number | null][] = [
    ['report', 'MakerDesk liquidity report'],
    ['pair', input.pair],
    ['from_utc', iso(input.from)],
    ['to_utc', iso(input.to)],
  ];
  if (o === null) meta.push(['obligation', 'none']);
  else
    meta.push(
      ['obligation.max_spread_bps', o.maxSpreadBps],
      ['obligation.depth_within_pct', o.depthWithinPct],
      ['obligation.min_own_depth_quote_per_side', o.minDepthQuote],
      ['obligation.min_uptime_pct', o.minUptimePct],
      ['obligation.period', o.period],
      ['obligation.hours_utc', `${o.fromHourUtc ?? 0}-${o.toHourUtc ?? 24}`],
    );
  meta.push(
    ['period.samples', p.samples],
    ['period.spread_p50_bps', p.spreadBps.p50],
    ['period.spread_p95_bps', p.spreadBps.p95],
    ['period.own_bid_depth_quote', p.depth.ownBidQuote],
    ['period.own_ask_depth_quote', p.depth.ownAskQuote],
    ['period.uptime_pct', p.uptimePct],
    ['period.own_share_of_depth_pct', p.ownShareOfDepthPct],
    ['period.own_share_of_volume_pct', p.ownShareOfVolumePct],
    ['period.order_to_trade', p.orderToTrade],
    ['period.breaches', p.breaches.length],
  );
  if (o !== null) meta.push(['period.obligation', yesNo(liquidityVerdict(p, o).met)]);
  const lines = [...meta.map(([k, v]) => `# ${cell(k)},${cell(v)}`), LIQUIDITY_REPORT_COLUMNS.join(','), ...input.hours.map(hourRow)];
  return lines.join('\r\n') + '\r\n';
}
