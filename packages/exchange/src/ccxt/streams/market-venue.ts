/**
 * ccxt.pro settings and safeguards for a venue's shared market streams (market-feed.ts).
 */

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

