import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BinanceError } from './binance-errors.ts';
import { checkTimestamp, hmacSha256Hex, signedPayload, verifySignature } from './signature.ts';

function codeOf(run: () => void): number | undefined {
  try {
    run();
    return undefined;
  } catch (err) {
    return err instanceof BinanceError ? err.code : Number.NaN;
  }
}

describe('HMAC-SHA256 signatures as Binance checks them', () => {
  // Binance's documented example key, secret and signature.
  const secret = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
  const body = 'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';
  const signature = 'c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71';

  it('matches Binance documentation example', () => {
    expect(hmacSha256Hex(secret, body)).toBe(signature);
  });

  it('signs the query string followed by the body, without the signature itself', () => {
    expect(signedPayload('a=1&signature=x', 'b=2')).toEqual({ payload: 'a=1b=2', signature: 'x' });
    expect(() => verifySignature(secret, '', `${body}&signature=${signature}`)).not.toThrow();
    expect(() => verifySignature(secret, `${body}&signature=${signature.toUpperCase()}`, '')).not.toThrow();
    const mixed = 'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC';
    const rest = 'quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';
    const mixedSig = createHmac('sha256', secret).update(mixed + rest).digest('hex');
    expect(() => verifySignature(secret, mixed, `${rest}&signature=${mixedSig}`)).not.toThrow();
  });

  it('refuses a wrong or missing signature', () => {
    expect(codeOf(() => verifySignature('other', '', `${body}&signature=${signature}`))).toBe(-1022);
    expect(codeOf(() => verifySignature(secret, '', `${body.replace('quantity=1', 'quantity=2')}&signature=${signature}`))).toBe(-1022);
    expect(codeOf(() => verifySignature(secret, '', body))).toBe(-1102);
    expect(codeOf(() => verifySignature(secret, '', `${body}&signature=`))).toBe(-1102);
  });

  it('applies recvWindow (default 5000, at most 60000) and the 1 s ahead rule', () => {
    const now = 1_000_000;
    expect(codeOf(() => checkTimestamp(String(now - 5000), undefined, now))).toBeUndefined();
    expect(codeOf(() => checkTimestamp(String(now - 5001), undefined, now))).toBe(-1021);
    expect(codeOf(() => checkTimestamp(String(now - 59_000), '60000', now))).toBeUndefined();
    expect(codeOf(() => checkTimestamp(String(now), '60001', now))).toBe(-1131);
    expect(codeOf(() => checkTimestamp(String(now + 999), undefined, now))).toBeUndefined();
    expect(codeOf(() => checkTimestamp(String(now + 1000), undefined, now))).toBe(-1021);
    expect(codeOf(() => checkTimestamp(undefined, undefined, now))).toBe(-1102);
    expect(codeOf(() => checkTimestamp('12a', undefined, now))).toBe(-1100);
  });

  it('takes a timestamp in microseconds and a recvWindow with up to three decimals, as Binance does', () => {
    const now = 1_764_000_000_000;
    const micros = (ms: number, extra = 0) => String(BigInt(ms) * 1000n + BigInt(extra));
    expect(codeOf(() => checkTimestamp(micros(now), undefined, now))).toBeUndefined();
    expect(codeOf(() => checkTimestamp(micros(now - 5000), undefined, now))).toBeUndefined();
    // One microsecond past the 5000 ms window.
    expect(codeOf(() => checkTimestamp(micros(now - 5001, 999), undefined, now))).toBe(-1021);
    expect(codeOf(() => checkTimestamp(micros(now + 999, 999), undefined, now))).toBeUndefined();
    expect(codeOf(() => checkTimestamp(micros(now + 1000), undefined, now))).toBe(-1021);
    // 6000.346 ms: a timestamp 6000.346 ms old passes, 6000.347 ms old does not.
    expect(codeOf(() => checkTimestamp(micros(now - 6001, 654), '6000.346', now))).toBeUndefined();
    expect(codeOf(() => checkTimestamp(micros(now - 6001, 653), '6000.346', now))).toBe(-1021);
    expect(codeOf(() => checkTimestamp(String(now - 6000), '6000.5', now))).toBeUndefined();
    expect(codeOf(() => checkTimestamp(String(now), '60000.000', now))).toBeUndefined();
    expect(codeOf(() => checkTimestamp(String(now), '60000.001', now))).toBe(-1131);
    expect(codeOf(() => checkTimestamp(String(now), '5000.1234', now))).toBe(-1100);
    expect(codeOf(() => checkTimestamp(String(now), '1e4', now))).toBe(-1100);
  });
});
