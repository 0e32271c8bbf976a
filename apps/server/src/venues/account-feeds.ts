/**
 * Each live key's account by stream (issue 19): one account feed per key version, opened with the
 * key's live venue and closed with it (the gateway closes its live venues when the server closes).
 * Every session of the key (bots, console) shares the venue, so they share its feed: one user-stream
 * subscription, one reconciliation and, while the stream is down or the venue has none, one poll
 * per pair for all of them.
 */
import type { Exchange } from '@makerdesk/exchange';
import { openAccountFeed, withAccountFeed, type AccountFeedOptions } from '@makerdesk/exchange/ccxt';

/** A ccxt venue, as `createCcxtExchange` opens it: its settings open its streams. */
function ccxtSettingsOf(exchange: Exchange) {
  return (exchange as { settings?: Parameters<typeof openAccountFeed>[1] }).settings;
}

/**
 * The key's live venue with its account answered by its feed. A venue that is not a ccxt one (a
 * test's stand-in) is left as it is.
 */
export async function withAccountFeedOf(exchange: Exchange, options: AccountFeedOptions = {}): Promise<Exchange> {
  const settings = ccxtSettingsOf(exchange);
  if (settings === undefined) return exchange;
  return withAccountFeed(exchange, await openAccountFeed(exchange, settings, options));
}
