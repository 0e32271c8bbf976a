export * from './position-ledger.ts';
export * from './figures.ts';
export * from './desk-pnl.ts';
