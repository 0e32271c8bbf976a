import type { AnalysisSeriesPoint, BalanceSnapshotDto } from '@makerdesk/contract';

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

/** Decimal strings and ISO times are plain tokens; anything else is quoted, quotes doubled (RFC 4180). */
function cell(value: string | null): string {
  if (value === null) return '';
  return /^[\w.:+-]*$/.test(value) ? value : `"${value.replace(/"/g, '""')}"`;
}

/**
 * The snapshots as CSV: a header row, one row per snapshot oldest first, ISO 8601 UTC times,
 * amounts as the decimal strings stored (never floats), the value and P&L of the same instant when
 * known (empty otherwise). Lines end with CRLF, as RFC 4180 and spreadsheets expect.
 */
export function snapshotsCsv(snapshots: readonly BalanceSnapshotDto[], series: readonly AnalysisSeriesPoint[]): string {
  const byAt = new Map(series.map((p) => [p.at, p]));
  const rows = snapshots.map((s) => {
    const point = byAt.get(s.at);
    return [new Date(s.at).toISOString(), s.base.available, s.base.frozen, s.base.total, s.quote.available, s.quote.frozen, s.quote.total, s.price, point?.value ?? null, point?.pnl ?? null].map(cell).join(',');
  });
  return [SNAPSHOT_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
