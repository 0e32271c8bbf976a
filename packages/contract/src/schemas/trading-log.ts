import { z } from 'zod';
import { epochMs, pageOf, pageQuery, idParam } from './common.ts';

export const tradingLog = z.object({
  id: z.number().int(),
  coinId: z.number().int(),
  robotId: z.number().int().nullable(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
  createdAt: epochMs,
});
export type TradingLog = z.infer<typeof tradingLog>;
export const tradingLogListQuery = pageQuery.extend({ coinId: idParam });
export const tradingLogListResponse = pageOf(tradingLog);
