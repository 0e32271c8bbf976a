import { createHmac, timingSafeEqual } from 'node:crypto';
import { binanceErrors } from './binance-errors.ts';
import { INTEGER_TIME, toMicros } from './time-units.ts';

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

const RECV_WINDOW = /^(\d{1,16})(?:\.(\d{1,3}))?$/;

/**
 * Binance's rule: accept when `timestamp < now + 1000 ms` and `now - timestamp <= recvWindow`. The
 * timestamp is in milliseconds or microseconds (told apart by size, see `toMicros`); recvWindow is
 * in milliseconds with up to three decimals, at most 60000. Compared in whole microseconds.
 */
export function checkTimestamp(timestamp: string | undefined, recvWindow: string | undefined, now: number): void {
  if (timestamp === undefined || timestamp === '') throw binanceErrors.mandatory('timestamp');
  if (!INTEGER_TIME.test(timestamp)) throw binanceErrors.illegalChars('timestamp', INTEGER_TIME.source);
  const stamp = toMicros(BigInt(timestamp));
  const window = recvWindow === undefined || recvWindow === '' ? BigInt(DEFAULT_RECV_WINDOW) * 1000n : recvWindowMicros(recvWindow);
  if (window > BigInt(MAX_RECV_WINDOW) * 1000n) throw binanceErrors.invalidRecvWindow();
  const nowMicros = BigInt(Math.floor(now * 1000));
  if (stamp >= nowMicros + BigInt(MAX_AHEAD_MS) * 1000n) throw binanceErrors.timestampAhead();
  if (nowMicros - stamp > window) throw binanceErrors.timestampOutside();
}

function recvWindowMicros(value: string): bigint {
  const match = RECV_WINDOW.exec(value);
  if (match === null) throw binanceErrors.illegalChars('recvWindow', RECV_WINDOW.source);
  return BigInt(match[1]!) * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'));
}
