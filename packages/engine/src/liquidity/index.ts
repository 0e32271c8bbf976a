export * from './measure.ts';
export * from './minute.ts';
export * from './summary.ts';
export * from './recorder.ts';
export * from './obligation-watch.ts';
export * from './hourly.ts';
export * from './aggregated.ts';
