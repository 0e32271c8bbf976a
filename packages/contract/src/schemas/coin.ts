import { z } from 'zod';
import { priceBandField } from '../fat-finger.ts';
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
  /**
   * The fat-finger band of manual limit orders, a fraction (0.05 = 5 %): a price beyond it through the
   * opposite best needs `confirmDeviation: true`. Set per pair by the main account; the server always
   * answers it (optional for callers that build pairs themselves: absent means PRICE_BAND_DEFAULT).
   */
  priceBand: z.string().optional(),
});
export type Coin = z.infer<typeof coin>;
export const coinListResponse = z.array(coin);

export const platform = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A ccxt exchange id, or `sim` for the built-in simulator. */
  code: z.string(),
  /** ccxt's sandbox or testnet URLs (`setSandboxMode(true)`). */
  sandbox: z.boolean(),
  /**
   * Every ccxt API call of this platform goes to this base instead of the venue's own; null: the
   * venue's. Shown to the main account only: a restricted account's list leaves it out.
   */
  apiBaseUrl: z.string().nullable().optional(),
  /**
   * The WebSocket base of a custom-URL platform (its streams, ccxt.pro's `urls.api.ws`, each at its
   * own path below it); null: none. Shown to the main account only, as `apiBaseUrl`.
   */
  wsBaseUrl: z.string().nullable().optional(),
});
export type Platform = z.infer<typeof platform>;
export const platformListResponse = z.array(platform);

/**
 * A pair as the console names it: BASE/QUOTE in ASCII letters and digits. Saved upper-cased, which
 * changes nothing else in ASCII (`ßß` would become `SSSS`, another symbol, so it is refused).
 */
export const PAIR_SYMBOL = /^[A-Za-z0-9]+\/[A-Za-z0-9]+$/;

/** Where a pair's expiry is checked (the service answers 1030044 for anything else). */
const expiry = z.number().nullable().optional();

/**
 * POST /coin/add (main account). `coinName` is checked against the venue's markets; on the
 * simulator any well-formed BASE/QUOTE opens a new simulated market at `openingPrice` (default 1
 * quote unit, ignored on live venues).
 */
export const coinAddRequest = z.object({
  platformId: idParam,
  coinName: z.string().trim().min(1).max(40).regex(PAIR_SYMBOL, { message: 'Invalid trading pair symbol' }),
  endTimeStamp: expiry,
  status: z.enum(coinStatuses).optional(),
  openingPrice: z.string().trim().max(40).optional(),
  /** The fat-finger band, a fraction (0.05 = 5 %); left out: PRICE_BAND_DEFAULT. */
  priceBand: priceBandField.optional(),
});
export type CoinAddRequest = z.infer<typeof coinAddRequest>;
export const coinAddResponse = z.object({ coinId: z.number().int() });

/** PUT /coin/update (main account): `endTimeStamp: null` clears the expiry; a field left out is kept. */
export const coinUpdateRequest = z.object({
  coinId: idParam,
  endTimeStamp: expiry,
  status: z.enum(coinStatuses).optional(),
  /** The fat-finger band, a fraction (0.05 = 5 %). */
  priceBand: priceBandField.optional(),
});
export type CoinUpdateRequest = z.infer<typeof coinUpdateRequest>;

/** The catalogue's text (outbound.entries.ts): the key goes in the key import, never in the address. */
const CREDENTIALS_MESSAGE = 'An API base URL must not hold a user name or password';
/** Catalogue texts (pair-admin.entries.ts, 1030107 and 1030108), so each failure has its own code. */
const WS_CREDENTIALS_MESSAGE = 'A WebSocket base URL must not hold a user name or password';
const WS_PROTOCOL_MESSAGE = 'A WebSocket base URL must be a ws:// or wss:// address';

function hasCredentials(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** POST /platform/add (main account): `code` is a ccxt exchange id. */
export const platformAddRequest = z.object({
  name: z.string().trim().min(1).max(60),
  code: z.string().trim().min(1).max(40),
  sandbox: z.boolean().optional(),
  apiBaseUrl: z
    .string()
    .trim()
    .max(300)
    .pipe(z.url({ protocol: /^https?$/, message: 'apiBaseUrl must be an http(s) URL' }))
    .refine((value) => !hasCredentials(value), { message: CREDENTIALS_MESSAGE })
    .optional(),
  /** The platform's WebSocket base (`ws://<host>/sim/binance` for this server's own Binance API): ws or wss, no credentials. */
  wsBaseUrl: z
    .string()
    .trim()
    .max(300)
    .pipe(z.url({ protocol: /^wss?$/, message: WS_PROTOCOL_MESSAGE }))
    .refine((value) => !hasCredentials(value), { message: WS_CREDENTIALS_MESSAGE })
    .optional(),
});
export type PlatformAddRequest = z.infer<typeof platformAddRequest>;
export const platformAddResponse = z.object({ id: z.number().int() });

/**
 * PUT /platform/update (main account): a field left out is kept; `apiBaseUrl: null` returns the
 * platform to the venue's own URLs. The ccxt id stays: a platform of another venue is another platform.
 * The built-in simulator takes a new name only (1030106).
 */
export const platformUpdateRequest = z.object({
  id: idParam,
  name: platformAddRequest.shape.name.optional(),
  sandbox: z.boolean().optional(),
  apiBaseUrl: platformAddRequest.shape.apiBaseUrl.unwrap().nullable().optional(),
  wsBaseUrl: platformAddRequest.shape.wsBaseUrl.unwrap().nullable().optional(),
});
export type PlatformUpdateRequest = z.infer<typeof platformUpdateRequest>;

/** DELETE /platform/{id} (main account): only a platform no pair and no API key uses (1030105). */
export const platformIdParams = z.object({ id: idParam });

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
