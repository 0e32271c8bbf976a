import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.ts';
import { integerRoot, nthRoot, sqrt } from './decimal-roots.ts';

describe('decimal roots', () => {
  it('rounds down at 30 decimals', () => {
    expect(sqrt('2')).toBe('1.414213562373095048801688724209');
    expect(sqrt('100')).toBe('10');
    expect(sqrt('0.0001')).toBe('0.01');
    expect(sqrt('0')).toBe('0');
    expect(nthRoot('2', 3)).toBe('1.259921049894873164767210607278');
    expect(nthRoot('1.5625', 2)).toBe('1.25');
    expect(nthRoot('7', 1)).toBe('7');
  });

  it('integerRoot is the floor root: r^n ≤ N < (r + 1)^n', () => {
    const rng = createRng(3);
    for (let i = 0; i < 300; i++) {
      const n = rng.int(2, 40);
      const value = BigInt(rng.int(0, 2 ** 31)) ** BigInt(rng.int(1, 5)) + BigInt(rng.int(0, 1000));
      const r = integerRoot(value, n);
      expect(r ** BigInt(n) <= value).toBe(true);
      expect((r + 1n) ** BigInt(n) > value).toBe(true);
    }
  });
});
