import { describe, expect, it } from 'vitest';
import { Prng } from './prng.ts';

describe('Prng (xoshiro128**)', () => {
  it('matches the reference implementation from state [1, 2, 3, 4]', () => {
    const rng = Prng.fromState([1, 2, 3, 4]);
    expect([1, 2, 3, 4, 5, 6].map(() => rng.nextUint32())).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492]);
  });

  it('repeats a seed and continues from a saved state', () => {
    const a = Prng.seeded(42);
    const b = Prng.seeded(42);
    const first = [a.float(), a.normal(), a.int(10)];
    expect([b.float(), b.normal(), b.int(10)]).toEqual(first);
    const resumed = Prng.fromState(JSON.parse(JSON.stringify(a.state())));
    expect([resumed.nextUint32(), resumed.nextUint32()]).toEqual([a.nextUint32(), a.nextUint32()]);
    expect(Prng.seeded(43).nextUint32()).not.toBe(Prng.seeded(42).nextUint32());
  });

  it('draws floats in [0, 1) and roughly standard normals', () => {
    const rng = Prng.seeded(7);
    let sum = 0;
    let squares = 0;
    let lowest = 1;
    let highest = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const f = rng.float();
      lowest = Math.min(lowest, f);
      highest = Math.max(highest, f);
      const z = rng.normal();
      sum += z;
      squares += z * z;
    }
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(highest).toBeLessThan(1);
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
    expect(Math.abs(squares / n - 1)).toBeLessThan(0.05);
  });

  it('refuses a state it cannot resume from', () => {
    expect(() => Prng.fromState([0, 0, 0, 0])).toThrow(RangeError);
    expect(() => Prng.fromState([1, 2, 3])).toThrow(RangeError);
    expect(() => Prng.fromState([1, 2, 3, 2 ** 32])).toThrow(RangeError);
    expect(() => Prng.seeded(Number.NaN)).toThrow(RangeError);
  });
});
