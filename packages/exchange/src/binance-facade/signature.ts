import { createHmac, timingSafeEqual } from 'node:crypto';
import { binanceErrors } from './binance-errors.ts';

export const DEFAULT_RECV_WINDOW = 5000;
export const MAX_RECV_WINDOW = 60_000;
/** Binance refuses requests stamped more than this far ahead of its clock. */
const MAX_AHEAD_MS = 1000;

const KEY_FORMAT = /^[\x21-\x7e]{1,256}$/;

/**
 * Binance signs `totalParams`: the query string followed directly by the form body, each exactly as
 * sent, without the `signature` parameter itself.
 */
export function signedPayload(query: string, body: string): { payload: string; signature: string | undefined } {
  let signature: string | undefined;
  const strip = (part: string) =>
    part
      .split('&')
      .filter((component) => {
        if (!component.startsWith('signature=')) return true;
        signature = component.slice('signature='.length);
        return false;
      })
      .join('&');
  const payload = strip(query) + strip(body);
  return { payload, signature: signature === '' ? undefined : signature };
}

export function hmacSha256Hex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function assertKeyFormat(apiKey: string | undefined): asserts apiKey is string {
  if (apiKey === undefined || !KEY_FORMAT.test(apiKey)) throw binanceErrors.badKeyFormat();
}

/** Throws -1102 when unsigned, -1022 when the HMAC-SHA256 of the payload does not match. */
export function verifySignature(secret: string, query: string, body: string): void {
  const { payload, signature } = signedPayload(query, body);
  if (signature === undefined) throw binanceErrors.mandatory('signature');
  const expected = Buffer.from(hmacSha256Hex(secret, payload), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw binanceErrors.badSignature();
}

function integerParam(name: string, value: string): number {
  if (!/^\d{1,16}$/.test(value)) throw binanceErrors.illegalChars(name, '^[0-9]{1,16}$');
  return Number(value);
}

/** Binance's rule: accept when `timestamp < now + 1000` and `now - timestamp <= recvWindow`. */
export function checkTimestamp(timestamp: string | undefined, recvWindow: string | undefined, now: number): void {
  if (timestamp === undefined || timestamp === '') throw binanceErrors.mandatory('timestamp');
  const stamp = integerParam('timestamp', timestamp);
  const window = recvWindow === undefined || recvWindow === '' ? DEFAULT_RECV_WINDOW : integerParam('recvWindow', recvWindow);
  if (window > MAX_RECV_WINDOW) throw binanceErrors.invalidRecvWindow();
  if (stamp >= now + MAX_AHEAD_MS) throw binanceErrors.timestampAhead();
  if (now - stamp > window) throw binanceErrors.timestampOutside();
}
