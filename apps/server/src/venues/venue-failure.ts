import { isExchangeError } from '@makerdesk/exchange';
import { refusedByGuard } from '../outbound/outbound-guard.ts';

/**
 * Why a venue call failed, in the terms its caller may be told: the destination is not allowed, the
 * venue gave no (usable) answer, or it answered something that is not its API. The venue's own words
 * are never among them: at a custom API base they may be any service's page.
 */
export type VenueFailure = 'not_allowed' | 'no_answer' | 'unreadable';

export function venueFailureOf(err: unknown): VenueFailure {
  if (refusedByGuard(err)) return 'not_allowed';
  if (isExchangeError(err) && (err.kind === 'network' || err.kind === 'rate_limited')) return 'no_answer';
  return 'unreadable';
}

const MAX_DETAIL = 300;

/** What the server's log keeps of a failure: its message, short, with any user:password@ taken out of URLs. */
export function loggableFailure(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.replace(/\/\/[^/\s@]*@/g, '//').slice(0, MAX_DETAIL);
}
