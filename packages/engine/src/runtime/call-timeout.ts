import { ExchangeError, type Exchange } from '@makerdesk/exchange';
import type { Clock } from '../ports.ts';
import { interceptExchange } from './intercept-exchange.ts';

/** Venue requests that take longer are given up as lost answers. */
export const DEFAULT_CALL_TIMEOUT_MS = 10_000;

/**
 * Gives up a request after `ms` with ExchangeError('network', …, { timeout }). The request may still
 * have reached the venue: the executor treats it as a lost answer, never as a refusal. A late answer
 * or error is dropped.
 */
export function withCallTimeout(exchange: Exchange, ms: number, clock: Clock): Exchange {
  return interceptExchange(exchange, (method, send) => {
    return new Promise((resolve, reject) => {
      const timer = clock.setTimeout(() => reject(new ExchangeError('network', `${method} got no answer within ${ms} ms`, { timeoutMs: ms })), ms);
      send().then(
        (answer) => {
          clock.clearTimeout(timer);
          resolve(answer);
        },
        (err: unknown) => {
          clock.clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  });
}
