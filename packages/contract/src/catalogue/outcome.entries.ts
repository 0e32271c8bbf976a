import type { CatalogueEntry } from './types.ts';

/**
 * What a check found, in the caller's language: texts of successful answers, never raised, so they
 * answer HTTP 200 (MakerDesk's own codes, 1090001–1090002; OutcomeCode in codes.ts).
 */
export const outcomeEntries: CatalogueEntry[] = [
  { code: 1090001, group: 'outcome', http: 200, en: 'API key verified', zh: 'API Key验证通过' },
  { code: 1090002, group: 'outcome', http: 200, en: 'API key verified; bind an IP address to this key at the exchange', zh: 'API Key验证通过；请在交易所为该Key绑定IP地址' },
];
