/** A Binance-compatible spot REST v3 subset over an `Exchange`: what lets ccxt's `binance` trade on the simulator. */
export { BinanceFacade, facadeVenueFromSim } from './binance-facade.ts';
export type { BinanceFacadeOptions, FacadeFamily, FacadeKey, FacadeRequest, FacadeResponse, FacadeVenue, MarketData } from './binance-facade.ts';
export { BinanceError, binanceErrors, toBinanceError } from './binance-errors.ts';
export { hmacSha256Hex, signedPayload, DEFAULT_RECV_WINDOW, MAX_RECV_WINDOW } from './signature.ts';
export { SymbolMap, toBinanceSymbol } from './symbols.ts';
export { BINANCE_LIMITS, NO_BINANCE_LIMITS, parseBinanceLimits, rateLimitsOf, requestWeight, RequestWeightLimiter, OrderLimiter } from './limits.ts';
export type { BinanceLimits, RateLimitEntry } from './limits.ts';
export * from './streams/index.ts';
