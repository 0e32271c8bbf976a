import type { DeskFill } from '@makerdesk/contract';
import { csvCell as cell } from '../csv-cell.ts';

export const FILLS_CSV_COLUMNS = ['time', 'side', 'price', 'amount', 'fee', 'fee_asset', 'fee_quote', 'source', 'robot_id', 'robot_name', 'order_no'] as const;

/**
 * The fills ledger as CSV: a header row, one row per fill newest first, ISO 8601 UTC times, amounts
 * as the decimal strings stored (never floats), the fee as charged and its value in quote (empty when
 * unknown). Lines end with CRLF, as RFC 4180 and spreadsheets expect.
 */
export function fillsCsv(fills: readonly DeskFill[]): string {
  const rows = fills.map((f) =>
    [
      cell(new Date(f.at).toISOString()),
      cell(f.side),
      cell(f.price),
      cell(f.amount),
      cell(f.fee),
      cell(f.feeAsset),
      cell(f.feeQuote),
      cell(f.source.kind),
      cell(f.source.robotId),
      cell(f.source.robotName, true),
      cell(f.orderNo),
    ].join(','),
  );
  return [FILLS_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
