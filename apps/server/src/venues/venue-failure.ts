import { isExchangeError, type ExchangeError } from '@makerdesk/exchange';
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

const MAX_REASON = 160;

/** The venue's own error text in a ccxt message (`binance {"code":-1013,"msg":"Filter failure: LOT_SIZE"}`), when it has one. */
function venueMessage(message: string): string | undefined {
  const json = /(\{.*\})\s*$/s.exec(message)?.[1];
  if (!json) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(json);
  } catch {
    return undefined;
  }
  const fields = body as { msg?: unknown; message?: unknown };
  const text = typeof fields.msg === 'string' ? fields.msg : typeof fields.message === 'string' ? fields.message : undefined;
  return text !== undefined && text.length <= MAX_REASON && /^[\p{L}\p{N}\p{P}\p{Zs}]+$/u.test(text) ? text : undefined;
}

/**
 * What a refusal may quote of a venue's error. Our simulator's and our own texts as they are; from a
 * live venue (through ccxt) only the short error message its API gives, never the rest of ccxt's
 * message, which holds the URL called and the raw answer (at a custom API base, any service's page),
 * else the kind of error ccxt saw.
 */
export function venueReason(err: ExchangeError): string {
  const ccxtClass = err.params.ccxt;
  if (ccxtClass === undefined) return err.message;
  return venueMessage(err.message) ?? String(ccxtClass);
}
