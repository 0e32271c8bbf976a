import { ANALYSIS_CYCLE_HOURS_MAX, ANALYSIS_CYCLE_HOURS_MIN, ANALYSIS_RANGE_MAX_DAYS } from '../constants.ts';
import type { CatalogueEntry } from './types.ts';

/**
 * MakerDesk's own codes for the data-analysis calls (spec §3 "Analysis"), in the params group. The
 * en texts are the messages of the contract's analysis schemas, so a refused field answers its code.
 */
export const analysisEntries: CatalogueEntry[] = [
  { code: 1030055, group: 'params', http: 400, en: `The time range can span at most ${ANALYSIS_RANGE_MAX_DAYS} days`, zh: `时间范围最长为${ANALYSIS_RANGE_MAX_DAYS}天` },
  {
    code: 1030056,
    group: 'params',
    http: 400,
    en: `The data cycle must be a whole number of hours from ${ANALYSIS_CYCLE_HOURS_MIN} to ${ANALYSIS_CYCLE_HOURS_MAX}`,
    zh: `数据周期须为${ANALYSIS_CYCLE_HOURS_MIN}到${ANALYSIS_CYCLE_HOURS_MAX}之间的整数小时`,
  },
  { code: 1030057, group: 'params', http: 400, en: 'Initial funds must be a number of 0 or more', zh: '初始资金须为大于或等于0的数字' },
  { code: 1030058, group: 'params', http: 400, en: 'Initial token must be a number of 0 or more', zh: '初始代币须为大于或等于0的数字' },
];
