import { describe, expect, it } from 'vitest';
import { amountWithUnit, bpsText, feeInQuote, fractionToBps, fractionToPercent, quoteDigits, spreadBps } from './figures.ts';

describe('the desk figures', () => {
  it('writes a fraction in basis points and as a percentage, cut and without trailing zeros', () => {
    expect(fractionToBps('0.002')).toBe('20');
    expect(fractionToBps('0.00015')).toBe('1.5');
    expect(fractionToBps('0.000159', 1)).toBe('1.5');
    expect(fractionToBps('0')).toBe('0');
    expect(fractionToPercent('0.005')).toBe('0.5');
    expect(fractionToPercent('0.05')).toBe('5');
    expect(fractionToPercent('0.123456')).toBe('12.34');
  });

  it('measures a spread as DESK.md does: (ask - bid) / mid × 10,000, null without both sides', () => {
    expect(spreadBps('99.95', '100.05')).toBe('10');
    expect(spreadBps('64766.66', '64766.67', 2)).toBe('0');
    expect(spreadBps('64700', '64766.67', 2)).toBe('10.29');
    expect(spreadBps(null, '100')).toBeNull();
    expect(spreadBps('100', undefined)).toBeNull();
    expect(spreadBps('0', '100')).toBeNull();
    expect(spreadBps('abc', '100')).toBeNull();
  });

  it('values a fee in the quote asset: a quote fee as it is, a base fee at the fill price, a third asset unknown', () => {
    const pair = { base: 'BTC', quote: 'USDT' };
    expect(feeInQuote('0.04', 'USDT', pair, '64766.67')).toBe('0.04');
    expect(feeInQuote('0.00000062', 'BTC', pair, '64766.67')).toBe('0.0401553354');
    expect(feeInQuote('0.001', 'BNB', pair, '64766.67')).toBeNull();
  });

  it('writes a quantity with separators and its unit, and says when it is below the smallest step', () => {
    expect(amountWithUnit('64300', 2, 'USDT')).toBe('64,300.00 USDT');
    expect(amountWithUnit('64766.675', 2, 'USDT')).toBe('64,766.67 USDT');
    expect(amountWithUnit('0.00000062', 5, 'BTC')).toBe('< 0.00001 BTC');
    expect(amountWithUnit('0', 5, 'BTC')).toBe('0.00000 BTC');
    expect(amountWithUnit('1.5', 0, 'BTC')).toBe('1 BTC');
    expect(amountWithUnit('0.4', 0, 'BTC')).toBe('< 1 BTC');
  });

  it('cuts every shown figure toward zero, never rounding (the one display rule)', () => {
    // Half-up would write 64,873.80: a price, a balance or a P&L is never shown larger than it is.
    expect(amountWithUnit('64873.795', 2, 'USDT')).toBe('64,873.79 USDT');
    expect(amountWithUnit('64873.799999', 2, 'USDT')).toBe('64,873.79 USDT');
    // Toward zero on both sides: a loss is not shown deeper than it is either.
    expect(amountWithUnit('-1234.567', 2, 'USDT')).toBe('-1,234.56 USDT');
    expect(fractionToPercent('0.0499999')).toBe('4.99');
    expect(fractionToBps('0.00061599')).toBe('6.1');
    expect(bpsText('6.159')).toBe('6.1 bps');
    expect(bpsText('-2.99')).toBe('-2.9 bps');
  });

  it('writes a spread in basis points one way, with separators and its unit', () => {
    expect(bpsText('6.15')).toBe('6.1 bps');
    expect(bpsText('10')).toBe('10 bps');
    expect(bpsText('10.00')).toBe('10 bps');
    expect(bpsText('12345.67')).toBe('12,345.6 bps');
    expect(bpsText('0.04')).toBe('0 bps');
    expect(bpsText('6.159', 2)).toBe('6.15 bps');
    // The same spread from its fraction and from its bps reads the same.
    expect(bpsText(fractionToBps('0.001'))).toBe('10 bps');
  });

  it('shows quote amounts at the pair price precision, between 2 and 8 decimals', () => {
    expect(quoteDigits(2)).toBe(2);
    expect(quoteDigits(0)).toBe(2);
    expect(quoteDigits(5)).toBe(5);
    expect(quoteDigits(10)).toBe(8);
  });
});
