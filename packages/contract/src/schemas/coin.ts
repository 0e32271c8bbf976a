import { z } from 'zod';
import { epochMs, idParam } from './common.ts';

export const coinStatuses = ['enabled', 'disabled'] as const;

export const coin = z.object({
  coinId: z.number().int(),
  coinName: z.string(),
  platformId: z.number().int(),
  marketKind: z.enum(['spot', 'usdt_margined', 'coin_margined']),
  /** Service expiry in epoch ms; null means the pair never expires. */
  endTimeStamp: epochMs.nullable(),
  status: z.enum(coinStatuses),
});
export type Coin = z.infer<typeof coin>;
export const coinListResponse = z.array(coin);

export const platform = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Platform = z.infer<typeof platform>;
export const platformListResponse = z.array(platform);

export const accountPermissionAddRequest = z.object({ adminId: idParam, coinId: idParam });
export const accountPermission = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  coinId: z.number().int(),
  coinName: z.string(),
  createdAt: epochMs,
});
export type AccountPermission = z.infer<typeof accountPermission>;
export const accountPermissionListQuery = z.object({ adminId: idParam.optional() });
export const accountPermissionListResponse = z.array(accountPermission);

/** Every pair-scoped call names its pair this way. */
export const coinScopedQuery = z.object({ coinId: idParam });
