export * from './errors.ts';
export * from './exchange.ts';
/**
 * The simulator's building blocks (matching engine, ledger, units) under their own namespace:
 * their integer-unit Market, Balance and Side types are not the venue-facing ones above.
 */
export * as matching from './sim/matching/index.ts';
/** The built-in simulated venue (DESIGN §6): its contract, implementation and default pairs. */
export type { CancelReplaceMode, CancelReplacePart, CancelReplaceResult, SimAddPairOptions, SimPairConfig, SimSnapshot, SimVenueApi, SimVenueOptions } from './sim/sim-venue.api.ts';
export { DEFAULT_OPENING_PRICE, SIM_SYMBOL, addedPairConfig, addedPairFunds } from './sim/added-pair.ts';
export { SimVenue } from './sim/sim-venue.ts';
export { SimConfigError } from './sim/sim-pair.ts';
export { SimSnapshotError } from './sim/snapshot-codec.ts';
export { SimJournalError, readCommand } from './sim/sim-journal.ts';
export type { SimCommand, SimJournal } from './sim/sim-journal.ts';
export {
  createDefaultSimVenue,
  defaultDemoFunds,
  defaultSimPairs,
  defaultSimVenueOptions,
} from './sim/default-pairs.ts';
export type { DefaultSimVenueSettings } from './sim/default-pairs.ts';
/** Client order ids that tag an order with its owner (a bot, or manual trading). */
export { botScope, CLIENT_ORDER_ID_PREFIX, clientOrderOrigin, isOwnClientOrderId, makerDeskClientOrderId, MANUAL_SCOPE, type ClientOrderOrigin } from './client-order-id.ts';
export { PERCENT_PRICE_BY_SIDE } from './percent-price-filter.ts';
