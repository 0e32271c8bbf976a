import { describe, expect, it } from 'vitest';
import { integerRoot } from './decimal-roots.ts';
import { gridLevels } from './grid-levels.ts';

describe('gridLevels', () => {
  it('spaces arithmetic levels in equal steps, both bounds included', () => {
    expect(gridLevels('90', '110', 4, 'arithmetic', 2)).toEqual(['90', '95', '100', '105', '110']);
    expect(gridLevels('1', '2', 3, 'arithmetic', 2)).toEqual(['1', '1.33', '1.67', '2']);
  });

  it('spaces geometric levels in equal ratios', () => {
    expect(gridLevels('100', '400', 2, 'geometric', 2)).toEqual(['100', '200', '400']);
    expect(gridLevels('1', '1000', 3, 'geometric', 4)).toEqual(['1', '10', '100', '1000']);
    expect(gridLevels('100', '200', 4, 'geometric', 2)).toEqual(['100', '118.92', '141.42', '168.18', '200']);
  });

  it('works for a fine grid on a tiny price without losing precision', () => {
    const levels = gridLevels('0.00000100', '0.00000300', 100, 'geometric', 10);
    expect(levels).toHaveLength(101);
    expect(levels[0]).toBe('0.000001');
    expect(levels[50]).toBe('0.0000017321');
    expect(levels[100]).toBe('0.000003');
  });
});

describe('integerRoot', () => {
  it('is the floor of the exact root', () => {
    expect(integerRoot(26n, 3)).toBe(2n);
    expect(integerRoot(27n, 3)).toBe(3n);
    expect(integerRoot(10n ** 40n, 4)).toBe(10n ** 10n);
    expect(integerRoot(10n ** 40n - 1n, 4)).toBe(10n ** 10n - 1n);
  });
});
