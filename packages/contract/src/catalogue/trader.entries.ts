import type { CatalogueEntry } from './types.ts';

/** 1051000–1051004: trader profile errors (§8; introduction 1 to 500, social account 1 to 50 characters, §9). */
export const traderEntries: CatalogueEntry[] = [
  { code: 1051000, group: 'trader', http: 403, en: 'You are not a trader', zh: '您还不是交易员' },
  { code: 1051001, group: 'trader', http: 400, en: 'The trader introduction must be 1 to 500 characters', zh: '交易员简介须为1到500个字符' },
  { code: 1051002, group: 'trader', http: 400, en: 'The social account must be 1 to 50 characters', zh: '社交账号须为1到50个字符' },
  { code: 1051003, group: 'trader', http: 409, en: 'You are already a trader', zh: '您已经是交易员' },
  { code: 1051004, group: 'trader', http: 403, en: 'Your trader status has been suspended, please contact support', zh: '您的交易员身份已被暂停，请联系客服' },
];
