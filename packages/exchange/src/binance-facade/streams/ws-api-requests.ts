/**
 * The WebSocket API's requests (`{id, method, params}`) and answers (`{id, status, result}` or
 * `{id, status, error}`), and the payload a signed request's signature covers: every parameter but
 * `signature`, sorted by name, `name=value` joined with `&` (web-socket-api.md, "SIGNED request
 * security").
 */
import { timingSafeEqual } from 'node:crypto';
import { BinanceError, binanceErrors } from '../binance-errors.ts';
import type { FacadeKey } from '../binance-facade.ts';
import { assertKeyFormat, checkTimestamp, hmacSha256Hex } from '../signature.ts';

export interface WsApiRequest {
  id: string | number | null;
  method: string;
  params: Record<string, unknown>;
}

/** A request, or the error it is answered with (the id where one could be read). */
export function parseWsApiRequest(text: string): { request: WsApiRequest } | { id: string | number | null; error: BinanceError } {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { id: null, error: new BinanceError(-1102, 'Mandatory parameter \'method\' was not sent, was empty/null, or malformed.') };
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return { id: null, error: new BinanceError(-1102, "Mandatory parameter 'method' was not sent, was empty/null, or malformed.") };
  const { id, method, params } = message as Record<string, unknown>;
  const requestId = typeof id === 'string' || typeof id === 'number' ? id : null;
  if (typeof method !== 'string' || method === '') return { id: requestId, error: new BinanceError(-1102, "Mandatory parameter 'method' was not sent, was empty/null, or malformed.") };
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) return { id: requestId, error: new BinanceError(-1104, 'Not all sent parameters were read.') };
  return { request: { id: requestId, method, params: (params ?? {}) as Record<string, unknown> } };
}

/** The signed payload and the signature sent, of a request's params. */
export function wsApiSignedPayload(params: Record<string, unknown>): { payload: string; signature: string | undefined } {
  const payload = Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${String(params[name])}`)
    .join('&');
  const signature = params.signature;
  return { payload, signature: typeof signature === 'string' && signature !== '' ? signature : undefined };
}

export function wsApiResult(id: WsApiRequest['id'], result: unknown) {
  return { id, status: 200, result, rateLimits: [] };
}

export function wsApiError(id: WsApiRequest['id'], error: BinanceError) {
  return { id, status: error.status === 200 ? 400 : error.status, error: { code: error.code, msg: error.message } };
}

/** A user data stream event as the WebSocket API delivers it. */
export function wsApiEvent(subscriptionId: number, event: unknown) {
  return { subscriptionId, event };
}

/**
 * A signed request's key, as the REST facade checks one: the key's format, the key as the venue
 * lets the caller at `clientIp` use it (-2015 otherwise), the HMAC-SHA256 signature (-1022) and the
 * timestamp within its receive window (-1021).
 */
export async function authenticateWsApiRequest(
  params: Record<string, unknown>,
  keyFor: (apiKey: string, clientIp: string | undefined) => Promise<FacadeKey | undefined>,
  clientIp: string | undefined,
  now: number,
): Promise<{ apiKey: string; key: FacadeKey }> {
  const apiKey = typeof params.apiKey === 'string' ? params.apiKey : undefined;
  if (apiKey === undefined) throw binanceErrors.mandatory('apiKey');
  assertKeyFormat(apiKey);
  const key = await keyFor(apiKey, clientIp);
  if (key === undefined) throw binanceErrors.rejectedKey();
  const { payload, signature } = wsApiSignedPayload(params);
  if (signature === undefined) throw binanceErrors.mandatory('signature');
  const expected = Buffer.from(hmacSha256Hex(key.secret, payload), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw binanceErrors.badSignature();
  const text = (value: unknown) => (value === undefined ? undefined : String(value));
  checkTimestamp(text(params.timestamp), text(params.recvWindow), now);
  return { apiKey, key };
}
