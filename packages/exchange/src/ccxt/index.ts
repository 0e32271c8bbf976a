/** Live venues through ccxt. Importing this module does not load ccxt: `createCcxtExchange` does. */
export { CcxtExchange, createCcxtExchange, describeCcxtVenue } from './ccxt-exchange.ts';
export type { CcxtExchangeConfig, CcxtFetchInit } from './ccxt-exchange.ts';
export { CLIENT_ORDER_ID_PREFIX, isOwnClientOrderId, makerDeskClientOrderId } from '../client-order-id.ts';
export { ccxtErrorKind, toExchangeError } from './ccxt-errors.ts';
