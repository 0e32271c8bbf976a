export * from './position-ledger.ts';
export * from './figures.ts';
