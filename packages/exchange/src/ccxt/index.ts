/** Live venues through ccxt. Importing this module does not load ccxt: `createCcxtExchange` does. */
export { CcxtExchange, createCcxtExchange, describeCcxtVenue } from './ccxt-exchange.ts';
export type { CcxtExchangeConfig, CcxtFetchInit } from './ccxt-exchange.ts';
export { botScope, CLIENT_ORDER_ID_PREFIX, clientOrderOrigin, isOwnClientOrderId, makerDeskClientOrderId, MANUAL_SCOPE, type ClientOrderOrigin } from '../client-order-id.ts';
export { ccxtErrorKind, toExchangeError } from './ccxt-errors.ts';
export { limitsFromExchangeInfo, publishedLimits, reportsUsage, usageFromHeaders } from './venue-usage.ts';
export { openProVenue, proHas, type ProVenue } from './streams/pro-venue.ts';
export { HEARD_CAP, MarketFeed, type HeardCursor, type HeardTrades, type MarketFeedOptions } from './streams/market-feed.ts';
export { marketStreamOptions } from './streams/market-venue.ts';
export { AccountFeed, openAccountFeed, proAccountStream, retryDelayMs, withAccountFeed } from './streams/account-feed.ts';
export type { AccountFeedOptions, AccountStream } from './streams/account-feed.ts';
export { AccountState, mergeOrder } from './streams/account-state.ts';
