/**
 * One CSV cell (RFC 4180), for every CSV the server writes: a plain token (decimal strings, ISO
 * times, keys) as it is; anything else quoted, its quotes doubled; nothing for null. `guardFormula`:
 * a text a spreadsheet would read as a formula (a leading =, +, -, @, tab or CR, not a number) gets a
 * leading `'`; for texts a person typed (a bot's name, a pair's statement).
 */
export function csvCell(value: string | number | null | undefined, guardFormula = false): string {
  if (value === null || value === undefined) return '';
  const raw = String(value);
  const text = guardFormula && /^[=+\-@\t\r]/.test(raw) && !/^-?\d+(\.\d+)?$/.test(raw) ? `'${raw}` : raw;
  return /^[\w.:+-]*$/.test(text) ? text : `"${text.replace(/"/g, '""')}"`;
}
