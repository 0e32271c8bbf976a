import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  formatBaseAmount,
  formatBps,
  formatBpsValue,
  formatSpreadFraction,
  formatFee,
  formatFixed,
  formatFractionPercent,
  formatPlain,
  formatPrice,
  formatSignedPercent,
  formatSpreadBps,
  isPositive,
  percentChange,
  stepOf,
  writtenDecimals,
} from './numbers';

describe('numbers', () => {
  it('formats truncated, padded and grouped', () => {
    expect(formatFixed('65043.529', 2)).toBe('65,043.52');
    expect(formatFixed('2.00000000', 5)).toBe('2.00000');
    expect(formatFixed(null, 2)).toBe('0.00');
    expect(formatPlain('100000.00000000')).toBe('100,000');
    expect(formatPlain('0.50000000')).toBe('0.5');
  });

  it('compares decimal strings exactly', () => {
    expect(compareDecimals('0.1', '0.10')).toBe(0);
    expect(compareDecimals('100000.00000001', '100000')).toBe(1);
    expect(compareDecimals('0.3', '0.30000000000000004')).toBe(-1);
    expect(isPositive('0.00000001')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('abc')).toBe(false);
    expect(compareDecimals('abc', '5')).toBe(0);
  });

  it('computes and signs percentage changes', () => {
    expect(percentChange('100', '101.5')).toBe('1.50');
    expect(percentChange('200', '199')).toBe('-0.50');
    expect(percentChange('0', '1')).toBeNull();
    expect(formatSignedPercent('1.5')).toBe('+1.50%');
    expect(formatSignedPercent('-0.456')).toBe('-0.45%');
    expect(formatSignedPercent('0')).toBe('0.00%');
  });

  it('reads decimals and steps', () => {
    expect(writtenDecimals('65043.52')).toBe(2);
    expect(writtenDecimals('0.00323')).toBe(5);
    expect(writtenDecimals('42')).toBe(0);
    expect(writtenDecimals('1200.00')).toBe(2);
    expect(stepOf(2)).toBe('0.01');
    expect(stepOf(5)).toBe('0.00001');
    expect(stepOf(0)).toBe('1');
    expect(stepOf(-1)).toBe('1');
  });

  it('shows each kind of figure one way, with its unit', () => {
    const pair = { base: 'BTC', quote: 'USDT' };
    const digits = { price: 2, amount: 5 };
    expect(formatPrice('64300', digits, pair)).toBe('64,300.00 USDT');
    expect(formatPrice('64873.795', digits, pair)).toBe('64,873.79 USDT');
    expect(formatBaseAmount('0.5', digits, pair)).toBe('0.50000 BTC');
    expect(formatBps('0.002')).toBe('20 bps');
    expect(formatBps('0.00015')).toBe('1.5 bps');
    expect(formatSpreadBps('99.95', '100.05')).toBe('10 bps');
    expect(formatSpreadBps(null, '100.05')).toBeNull();
    // One formatter for every spread: the bot's wire bps (list, drawer), a book's bid and ask, a config fraction.
    expect(formatBpsValue('6.15')).toBe('6.1 bps');
    expect(formatSpreadBps('64300', '64320.5')).toBe('3.1 bps');
    expect(formatBpsValue('3.18')).toBe(formatSpreadBps('64300', '64320.5'));
    expect(formatSpreadFraction('0.001')).toBe('0.1% = 10 bps');
    expect(formatSpreadFraction('0.00015')).toBe('0.01% = 1.5 bps');
    expect(formatBps('0.001')).toBe(formatBpsValue('10.00'));
    expect(formatFractionPercent('0.05')).toBe('5%');
    expect(formatFractionPercent('0.005')).toBe('0.5%');
  });

  it('shows a fee with its asset at the pair precision and, in the base asset, its value in quote', () => {
    const pair = { base: 'BTC', quote: 'USDT' };
    const digits = { price: 2, amount: 5 };
    expect(formatFee('0.00000062', 'BTC', '64766.67', digits, pair)).toBe('< 0.00001 BTC ≈ 0.04 USDT');
    expect(formatFee('0.00012', 'BTC', '64766.67', digits, pair)).toBe('0.00012 BTC ≈ 7.77 USDT');
    expect(formatFee('0.0419', 'USDT', '64766.67', digits, pair)).toBe('0.04 USDT');
    expect(formatFee('0.00123', 'BNB', '64766.67', digits, pair)).toBe('0.00123 BNB');
  });
});
