/** The simulator's matching engine for one pair, its balance ledger and the unit helpers at their edge. */
export {
  MAX_DECIMALS,
  UnitsError,
  decimalToSafeUnits,
  decimalToUnits,
  unitsToDecimal,
} from './decimal-units.ts';
export type { Rounding, UnitsErrorCode } from './decimal-units.ts';
export {
  MarketSpecError,
  amountToLots,
  defineMarket,
  feeUnits,
  lotsToAmount,
  lotsToBaseUnits,
  notionalUnits,
  priceToTicks,
  ticksToPrice,
} from './market.ts';
export type { Market, MarketSpec } from './market.ts';
export { MatchingEngine } from './matching-engine.ts';
export type { EngineOptions, SweepPreview } from './matching-engine.ts';
export { Ledger, LedgerError } from './ledger.ts';
export type { Balance, LedgerErrorCode } from './ledger.ts';
export { SpotMarket } from './spot-market.ts';
export type { BookReader } from './spot-market.ts';
export { MatchingError } from './types.ts';
export type {
  Depth,
  DepthLevel,
  Fill,
  LimitOrderRequest,
  MarketOrderRequest,
  MatchingErrorCode,
  OrderRequest,
  OrderStatus,
  OrderType,
  OrderView,
  PlaceResult,
  QuoteMarketBuyRequest,
  Side,
  StpMode,
  TimeInForce,
} from './types.ts';
