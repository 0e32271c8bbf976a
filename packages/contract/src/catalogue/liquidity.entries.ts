import { LIQUIDITY_RANGE_MAX_DAYS, liquidityMessages } from '../schemas/liquidity.ts';
import type { CatalogueEntry } from './types.ts';

/**
 * Liquidity obligations (issue 20), in the params group. The en texts are the messages of the
 * contract's liquidity schemas, so a refused field answers its code.
 */
export const liquidityEntries: CatalogueEntry[] = [
  {
    code: 1030116,
    group: 'params',
    http: 400,
    en: liquidityMessages.obligation,
    zh: '流动性义务须满足：价差上限 1 至 1000 个基点（最多一位小数），深度范围为中间价的 0.5、1、2 或 5 %，每侧最低自有深度 0 至 1,000,000,000（计价资产），最低在线率 1 至 100 %（最多两位小数），周期为 day 或 month，适用时段为 UTC 当日 0–23 点起至 1–24 点止，且起点早于终点',
  },
  {
    code: 1030117,
    group: 'params',
    http: 400,
    en: liquidityMessages.rangeTooLong,
    zh: `流动性查询的时间范围最长为${LIQUIDITY_RANGE_MAX_DAYS}天`,
  },
];
