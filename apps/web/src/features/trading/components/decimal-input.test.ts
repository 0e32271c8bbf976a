import { describe, expect, it } from 'vitest';
import { cutDecimals } from './decimal-input';

describe('cutDecimals', () => {
  it('cuts extra decimals as typed, never rounding', () => {
    expect(cutDecimals('65043.529', 2)).toBe('65043.52');
    expect(cutDecimals('0.123456', 5)).toBe('0.12345');
    expect(cutDecimals('1,234.5', 2)).toBe('1234.5');
    expect(cutDecimals('12.9', 0)).toBe('12');
    expect(cutDecimals('7', 3)).toBe('7');
    expect(cutDecimals(undefined, 2)).toBe('');
  });
});
