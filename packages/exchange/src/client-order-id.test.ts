import { describe, expect, it } from 'vitest';
import { botScope, clientOrderOrigin, MANUAL_SCOPE, isOwnClientOrderId, makerDeskClientOrderId } from './client-order-id.ts';

describe('MakerDesk client order ids', () => {
  it('are MD + scope + Z + 16 base62 characters, within every venue limit', () => {
    const id = makerDeskClientOrderId('bot42');
    expect(id).toMatch(/^MDbot42Z[0-9A-Za-z]{16}$/);
    expect(makerDeskClientOrderId('abcdefghijkl').length).toBeLessThanOrEqual(32);
    expect(new Set(Array.from({ length: 200 }, () => makerDeskClientOrderId('b'))).size).toBe(200);
  });

  it('use every base62 character about equally often, past many refills of the random pool', () => {
    const counts = new Map<string, number>();
    const ids = 20_000;
    for (let i = 0; i < ids; i++) for (const c of makerDeskClientOrderId('b').slice(4)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (ids * 16) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.06);
  });

  it('tell a scope its own orders from other bots and manual orders', () => {
    const mine = makerDeskClientOrderId('b1');
    expect(isOwnClientOrderId(mine, 'b1')).toBe(true);
    expect(isOwnClientOrderId(makerDeskClientOrderId('b12'), 'b1')).toBe(false);
    expect(isOwnClientOrderId(makerDeskClientOrderId('b'), 'b1')).toBe(false);
    expect(isOwnClientOrderId('x-TKT5PX2Fabcdef', 'b1')).toBe(false);
    expect(isOwnClientOrderId(`${mine}X`, 'b1')).toBe(false);
    expect(isOwnClientOrderId(null, 'b1')).toBe(false);
  });

  it('refuse scopes that could be confused', () => {
    expect(() => makerDeskClientOrderId('Bot')).toThrow(RangeError);
    expect(() => makerDeskClientOrderId('')).toThrow(RangeError);
    expect(() => makerDeskClientOrderId('a_b')).toThrow(RangeError);
    expect(() => makerDeskClientOrderId('abcdefghijklm')).toThrow(RangeError);
  });

  it('tell who placed an order from its client order id: a bot, the console by hand, or anything else', () => {
    expect(clientOrderOrigin(makerDeskClientOrderId(botScope(42)))).toEqual({ kind: 'bot', robotId: 42 });
    expect(clientOrderOrigin(makerDeskClientOrderId(botScope(2_147_483_647)))).toEqual({ kind: 'bot', robotId: 2_147_483_647 });
    expect(clientOrderOrigin(makerDeskClientOrderId(MANUAL_SCOPE))).toEqual({ kind: 'manual' });
    // Not ours, malformed, or a scope no bot has.
    expect(clientOrderOrigin('x-TKT5PX2Fabcdef')).toEqual({ kind: 'other' });
    expect(clientOrderOrigin(null)).toEqual({ kind: 'other' });
    expect(clientOrderOrigin(`${makerDeskClientOrderId(botScope(1))}X`)).toEqual({ kind: 'other' });
    expect(clientOrderOrigin(makerDeskClientOrderId('b0'))).toEqual({ kind: 'other' });
    expect(clientOrderOrigin(makerDeskClientOrderId('b2147483648'))).toEqual({ kind: 'other' });
    expect(clientOrderOrigin(makerDeskClientOrderId('b07'))).toEqual({ kind: 'other' });
    expect(clientOrderOrigin(makerDeskClientOrderId('sim'))).toEqual({ kind: 'other' });
  });
});
