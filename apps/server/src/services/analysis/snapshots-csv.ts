import type { AnalysisSeriesPoint, BalanceSnapshotDto } from '@makerdesk/contract';
import { csvCell as cell } from '../csv-cell.ts';

export const SNAPSHOT_CSV_COLUMNS = [
  'time',
  'base_available',
  'base_frozen',
  'base_total',
  'quote_available',
  'quote_frozen',
  'quote_total',
  'price',
  'value',
  'pnl',
] as const;

/**
 * The snapshots as CSV: a header row, one row per snapshot oldest first, ISO 8601 UTC times,
 * amounts as the decimal strings stored (never floats), the value and P&L of the same instant when
 * known (empty otherwise). Lines end with CRLF, as RFC 4180 and spreadsheets expect.
 */
export function snapshotsCsv(snapshots: readonly BalanceSnapshotDto[], series: readonly AnalysisSeriesPoint[]): string {
  const byAt = new Map(series.map((p) => [p.at, p]));
  const rows = snapshots.map((s) => {
    const point = byAt.get(s.at);
    return [new Date(s.at).toISOString(), s.base.available, s.base.frozen, s.base.total, s.quote.available, s.quote.frozen, s.quote.total, s.price, point?.value ?? null, point?.pnl ?? null].map((v) => cell(v)).join(',');
  });
  return [SNAPSHOT_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
