export * from './envelope.ts';
export * from './constants.ts';
export * from './catalogue/index.ts';
export * from './schemas/index.ts';
export * from './routes.ts';
export * from './endpoints.ts';
export * from './batch-split.ts';
export * from './server-texts/index.ts';
