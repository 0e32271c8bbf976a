/** A key refused by its venue is told at most once an hour per key (later bot stops by it join that incident). */
export const KEY_REFUSED_REPORT_MS = 60 * 60_000;
