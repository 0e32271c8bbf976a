import type { CatalogueEntry } from './types.ts';

/**
 * MakerDesk's own codes for bot refusals the spec's §8 has no code for. Each takes the next number
 * after the spec range of its group (params ends at 1030033), so the console's by-range handling
 * still files it with its group; catalogue.test.ts lists these beside the spec ranges.
 */
export const botEntries: CatalogueEntry[] = [
  {
    code: 1030034,
    group: 'params',
    http: 400,
    en: 'This bot type runs on the built-in simulator only (market integrity policy: no wash trading or price manipulation on a live venue); choose a simulator key for this pair',
    zh: '该机器人类型只能在内置模拟交易所运行（市场诚信政策：禁止在真实交易所刷量或操纵价格），请为该交易对选择模拟交易所的API Key',
  },
];
