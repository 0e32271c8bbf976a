import { describe, expect, it } from 'vitest';
import * as format from './index.ts';

describe('public entry point', () => {
  it('exports exactly the documented API', () => {
    expect(Object.keys(format).sort()).toEqual(
      [
        'MAX_DIGITS', 'add', 'ceilAt', 'compact', 'compactForPath', 'div', 'expandZeroBrace', 'formatAmount',
        'isNumeric', 'localeForPath', 'minus', 'mul', 'thousands', 'toDecimalString', 'trimZeros', 'truncate',
        'zeroBrace',
      ].sort(),
    );
  });
});
