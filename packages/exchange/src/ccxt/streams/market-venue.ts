/**
 * ccxt.pro settings and safeguards for a venue's shared market streams (market-feed.ts).
 */
import type { ProVenue } from './pro-venue.ts';

/**
 * ccxt options of a market-stream venue: its own reconnect back-off off (`ws.backoff.max` 0: the feed
 * retries on its schedule, 1 s to 30 s, and would otherwise wait both), and Binance's streams on one
 * connection (ccxt spreads them over up to 50 by default; Binance takes 1024 streams a connection,
 * ccxt 200 subscriptions: a hundred pairs' books and trades).
 */
export function marketStreamOptions(id: string, options: Record<string, unknown> = {}): Record<string, unknown> {
  const ws = (options.ws as Record<string, unknown> | undefined) ?? {};
  return { ...options, ws: { ...ws, backoff: { ...((ws.backoff as Record<string, unknown> | undefined) ?? {}), max: 0 } }, ...(id === 'binance' ? { streamLimits: { spot: 1 } } : {}) };
}

/**
 * ccxt.pro sends a subscription on a socket that may close at once (a venue dropping a new
 * connection); its rate-limited path leaves that send's failure unhandled, which would end the
 * process. Each client's sends are marked handled here: the watch waiting for the subscription still
 * fails, as the socket's close rejects it.
 */
export function guardSends(venue: ProVenue): void {
  const target = venue as unknown as { client(url: string): { send(message: unknown): Promise<unknown>; sendGuarded?: boolean } };
  const client = target.client.bind(venue);
  target.client = (url: string) => {
    const opened = client(url);
    if (opened.sendGuarded !== true) {
      const send = opened.send.bind(opened);
      opened.send = (message: unknown) => {
        const sent = send(message);
        sent.catch(() => undefined);
        return sent;
      };
      opened.sendGuarded = true;
    }
    return opened;
  };
}
