import type { CatalogueEntry } from './types.ts';

/**
 * What one account may hold (constants.ts): MakerDesk's own codes in the params group
 * (1030050–1030051), after the alert channel codes.
 */
export const accountLimitEntries: CatalogueEntry[] = [
  {
    code: 1030050,
    group: 'params',
    http: 409,
    en: 'An account holds at most {max} alert channels: delete one before adding another',
    zh: '每个账户最多 {max} 个告警通道：请先删除一个再添加',
  },
  {
    code: 1030051,
    group: 'params',
    http: 409,
    en: 'You already have an API key for {pair}: edit that key instead of adding another',
    zh: '您已有 {pair} 的 API 密钥：请编辑该密钥，而不是再添加一个',
  },
];
