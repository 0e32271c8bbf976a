import { describe, expect, it } from 'vitest';
import { formatUptime, signedAmount } from './figures';

describe('figures', () => {
  it('writes the sign of a P&L and its tone', () => {
    expect(signedAmount('12.5', 2)).toEqual({ text: '+12.50', tone: 'up' });
    expect(signedAmount('-1234.567', 2)).toEqual({ text: '-1,234.56', tone: 'down' });
    expect(signedAmount('0', 2)).toEqual({ text: '0.00', tone: null });
    expect(signedAmount('-0.001', 2)).toEqual({ text: '0.00', tone: null });
  });

  it('writes an uptime as days and a clock', () => {
    expect(formatUptime(3_723_000)).toBe('01:02:03');
    expect(formatUptime(93_784_000)).toBe('1d 02:03:04');
  });
});
