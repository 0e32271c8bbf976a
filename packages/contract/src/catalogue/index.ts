export * from './types.ts';
export * from './codes.ts';
export * from './catalogue.ts';
