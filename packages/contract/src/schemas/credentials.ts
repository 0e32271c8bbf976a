import { z } from 'zod';
import { epochMs, idParam } from './common.ts';

const ip = z.union([z.ipv4(), z.ipv6()]);

/** Bound IPs: an array, or the comma/space separated text a form field gives. */
export const hosts = z.preprocess(
  (value: string | string[]) => (typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : value),
  z.array(ip, { message: 'Bound IPs must be IPv4 or IPv6 addresses' }).max(20),
);

export const credentialAddRequest = z.object({
  platformId: idParam,
  apiKey: z.string().trim().min(1).max(256),
  secretKey: z.string().trim().min(1).max(512),
  passphrase: z.string().max(128).optional(),
  coinId: idParam,
  coinName: z.string().max(64).optional(),
  memberId: z.string().trim().max(64).optional(),
  hosts: hosts.optional(),
});
export type CredentialAddRequest = z.infer<typeof credentialAddRequest>;

export const credentialUpdateRequest = z.object({
  id: idParam,
  apiKey: z.string().trim().min(1).max(256).optional(),
  secretKey: z.string().trim().min(1).max(512).optional(),
  passphrase: z.string().max(128).optional(),
  coinId: idParam.optional(),
  memberId: z.string().trim().max(64).optional(),
  hosts: hosts.optional(),
});
export type CredentialUpdateRequest = z.infer<typeof credentialUpdateRequest>;

/** How a key is shown back: masked, never the secret. */
export const credentialView = z.object({
  id: z.number().int(),
  platformId: z.number().int(),
  platformCode: z.string(),
  apiKey: z.string(),
  secretKey: z.string(),
  passphrase: z.string().nullable(),
  coinId: z.number().int(),
  coinName: z.string(),
  memberId: z.string().nullable(),
  hosts: z.array(z.string()),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type CredentialView = z.infer<typeof credentialView>;
export const credentialListResponse = z.array(credentialView);
