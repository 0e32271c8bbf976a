import { compare, decimalsOf } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../rng.ts';
import { drawDecimal } from './draw.ts';

describe('drawDecimal', () => {
  it('draws on the grid inside the bounds, reaching both ends', () => {
    const rng = createRng(1);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const v = drawDecimal(rng, '1.005', '1.03', 2);
      expect(compare(v, '1.01') >= 0 && compare(v, '1.03') <= 0).toBe(true);
      expect(decimalsOf(v)).toBeLessThanOrEqual(2);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual(['1.01', '1.02', '1.03']);
  });

  it('draws spans wider than 2^32 units, and the same values for the same seed', () => {
    const a = Array.from({ length: 5 }, ((rng) => () => drawDecimal(rng, '0', '1000000', 18))(createRng(9)));
    const b = Array.from({ length: 5 }, ((rng) => () => drawDecimal(rng, '0', '1000000', 18))(createRng(9)));
    expect(a).toEqual(b);
    for (const v of a) expect(compare(v, '0') >= 0 && compare(v, '1000000') <= 0).toBe(true);
    expect(new Set(a).size).toBe(5);
  });

  it('gives min rounded when no grid value fits between min and max', () => {
    expect(drawDecimal(createRng(1), '0.0004', '0.0004', 3)).toBe('0');
    expect(drawDecimal(createRng(1), '2', '2', 0)).toBe('2');
  });
});
