import { z } from 'zod';
import { epochMs, pageOf, pageQuery, idParam } from './common.ts';

export const tradingLog = z.object({
  id: z.number().int(),
  coinId: z.number().int(),
  robotId: z.number().int().nullable(),
  level: z.enum(['info', 'warn', 'error'] as const),
  message: z.string(),
  createdAt: epochMs,
});
export type TradingLog = z.infer<typeof tradingLog>;
export const tradingLogLevels = ['info', 'warn', 'error'] as const;
/** Paged, newest first; filterable by bot, level and a time window (epoch ms, from inclusive, to exclusive). */
export const tradingLogListQuery = pageQuery.extend({
  coinId: idParam,
  robotId: idParam.optional(),
  level: z.enum(tradingLogLevels).optional(),
  from: z.coerce.number<number>().int().nonnegative().optional(),
  to: z.coerce.number<number>().int().nonnegative().optional(),
});
export const tradingLogListResponse = pageOf(tradingLog);
