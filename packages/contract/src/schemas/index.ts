export * from './common.ts';
export * from './admin.ts';
export * from './coin.ts';
export * from './trading-log.ts';
export * from './health.ts';
export * from './credentials.ts';
export * from './order.ts';
export * from './live.ts';
