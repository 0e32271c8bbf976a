import { formatDateTime } from '@/lib/format-time';

/**
 * Since when a bot polls, in the reader's local time as the console writes times: `12:03` on the
 * day it is read, `2026-11-26 23:58` before that day.
 */
export function feedSinceText(since: number, now: number): string {
  const at = formatDateTime(since);
  return at.slice(0, 10) === formatDateTime(now).slice(0, 10) ? at.slice(11, 16) : at.slice(0, 16);
}
