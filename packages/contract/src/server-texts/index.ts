export * from './server-text.ts';
export * from './render.ts';
export { serverTextTemplates } from './templates.ts';
export { botTypeKey } from './bots.texts.ts';
export { REPORT_BOT_LINES } from './monitor.texts.ts';
