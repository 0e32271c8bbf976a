import { describe, expect, it } from 'vitest';
import * as format from './index.ts';

describe('public entry point', () => {
  it('exports exactly the documented API', () => {
    expect(Object.keys(format).sort()).toEqual(
      [
        'MAX_DIGITS', 'add', 'ceilAt', 'compact', 'compactForPath', 'div', 'expandZeroBrace', 'formatAmount',
        'isNumeric', 'localeForPath', 'minus', 'mul', 'thousands', 'toDecimalString', 'trimZeros', 'truncate',
        'zeroBrace',
        // The desk's figures (figures.ts): DESK.md's spread in bps, fractions as bps or %, fees in quote, amounts with their unit.
        'amountWithUnit', 'bpsText', 'feeInQuote', 'fractionToBps', 'fractionToPercent', 'quoteDigits', 'spreadBps',
        // Percent form fields over stored fractions (percent-fields.ts): exact both ways.
        'fractionFromPercent', 'percentFromFraction',
      ].sort(),
    );
  });
});
