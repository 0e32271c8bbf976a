import { DESK_FILLS_RANGE_MAX_DAYS } from '../constants.ts';
import type { CatalogueEntry } from './types.ts';

/**
 * The desk's P&L and fills ledger (DESK.md "P&L"), in the params group. The en texts are the messages
 * of the contract's desk schemas, so a refused field answers its code.
 */
export const deskEntries: CatalogueEntry[] = [
  { code: 1030090, group: 'params', http: 400, en: 'The P&L window must be one of 1h, today, 7d or all', zh: '盈亏窗口须为 1h、today、7d 或 all 之一' },
  { code: 1030091, group: 'params', http: 400, en: 'The fills source must be one of bot, manual or other', zh: '成交来源须为 bot、manual 或 other 之一' },
  { code: 1030092, group: 'params', http: 400, en: `The fills range can span at most ${DESK_FILLS_RANGE_MAX_DAYS} days`, zh: `成交查询的时间范围最长为${DESK_FILLS_RANGE_MAX_DAYS}天` },
];
