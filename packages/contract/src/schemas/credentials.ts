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

/**
 * What a secret key or passphrase is shown as: the same eight stars for every one, so neither a part
 * of it nor its length ever leaves the server.
 */
export const CONCEALED_SECRET = '********';

/** The most characters of an API key ever shown: its last four, and never more than a quarter of it. */
export const API_KEY_VISIBLE_MAX = 4;
const API_KEY_MASK = '****';

/**
 * How an API key (an identifier, not a secret) is shown back: four stars, then at most its last four
 * characters, and at most a quarter of the key (a 4-character key shows one, a 3-character key
 * none), so a short key is never shown whole and the stars never tell its length.
 */
export function maskApiKey(apiKey: string): string {
  const chars = [...apiKey];
  const visible = Math.min(API_KEY_VISIBLE_MAX, Math.floor(chars.length / 4));
  return API_KEY_MASK + (visible === 0 ? '' : chars.slice(-visible).join(''));
}

/** A masked API key on the wire: anything longer is refused, by the server's reply check and the console's. */
export const maskedApiKey = z.string().regex(new RegExp(`^\\*{4}.{0,${API_KEY_VISIBLE_MAX}}$`, 'su'), 'An API key is shown as **** and at most its last 4 characters');
const concealedSecret = z.literal(CONCEALED_SECRET);

/** How a key is shown back: the API key masked, the secret key and passphrase never (only whether one is stored). */
export const credentialView = z.object({
  id: z.number().int(),
  platformId: z.number().int(),
  platformCode: z.string(),
  apiKey: maskedApiKey,
  secretKey: concealedSecret,
  passphrase: concealedSecret.nullable(),
  coinId: z.number().int(),
  coinName: z.string(),
  memberId: z.string().nullable(),
  hosts: z.array(z.string()),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type CredentialView = z.infer<typeof credentialView>;
export const credentialListResponse = z.array(credentialView);
