import { describe, expect, it } from 'vitest';
import * as decimal from './index.ts';

describe('public entry point', () => {
  it('exports exactly the documented vocabulary', () => {
    expect(Object.keys(decimal).sort()).toEqual(
      [
        'DecimalError', 'MAX_EXPONENT', 'ROUNDINGS', 'abs', 'add', 'ceil', 'compare', 'decimalsOf', 'div', 'floor',
        'fromNumber', 'fromUnits', 'isDecimal', 'max', 'min', 'minus', 'mul', 'negate', 'parse', 'round', 'roundToStep',
        'sign', 'stepOf', 'toFixed', 'toUnits', 'truncate',
      ].sort(),
    );
  });
});
