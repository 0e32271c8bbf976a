/**
 * A key refused by its venue is told at most once an hour per key (venue-watch.ts); a bot that key
 * stops within that hour is named in the key's incident instead of an incident of its own.
 */
export const KEY_REFUSED_REPORT_MS = 60 * 60_000;
