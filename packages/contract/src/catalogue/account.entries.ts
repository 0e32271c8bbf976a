import type { CatalogueEntry } from './types.ts';

/** 1011201: fund transfer failure (1011200, account creation, is in core.entries.ts). */
export const accountEntries: CatalogueEntry[] = [
  { code: 1011201, group: 'account', http: 400, en: 'Transfer failed: {reason}', zh: '划转失败：{reason}' },
];
