export * from './errors.ts';
export * from './exchange.ts';
/**
 * The simulator's building blocks (matching engine, ledger, units) under their own namespace:
 * their integer-unit Market, Balance and Side types are not the venue-facing ones above.
 */
export * as matching from './sim/matching/index.ts';
