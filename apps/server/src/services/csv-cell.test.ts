import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell.ts';

describe('csvCell', () => {
  it('keeps decimals and ISO times plain, quotes the rest with quotes doubled, and defuses formulas', () => {
    expect(csvCell('-12.50', true)).toBe('-12.50');
    expect(csvCell('2026-11-27T10:00:00.000Z')).toBe('2026-11-27T10:00:00.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell('BTC/USDT')).toBe('"BTC/USDT"');
    expect(csvCell('say "hi", twice\nok')).toBe('"say ""hi"", twice\nok"');
    expect(csvCell('=HYPERLINK("x")', true)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+cmd', true)).toBe(`"'+cmd"`);
    expect(csvCell('@SUM(A1)', true)).toBe(`"'@SUM(A1)"`);
    // Without the guard (figures only), the text stays as written.
    expect(csvCell('=1+1')).toBe('"=1+1"');
    expect(csvCell(12)).toBe('12');
  });
});

