/** fast-check generators shared by the *.test.ts files (test-only module). */
import fc from 'fast-check';

const digit = fc.constantFrom(...'0123456789');

/** Decimal strings like '-123.0045', up to 18 integer and 24 fraction digits. */
export const decimalString = fc
  .record({
    negative: fc.boolean(),
    int: fc.string({ unit: digit, minLength: 1, maxLength: 18 }),
    frac: fc.string({ unit: digit, maxLength: 24 }),
  })
  .map(({ negative, int, frac }) => `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`);

/** Small magnitudes like '0.000000042', with 0–30 leading fractional zeros. */
export const tinyDecimalString = fc
  .record({
    negative: fc.boolean(),
    zeros: fc.integer({ min: 0, max: 30 }),
    lead: fc.constantFrom(...'123456789'),
    rest: fc.string({ unit: digit, maxLength: 12 }),
  })
  .map(({ negative, zeros, lead, rest }) => `${negative ? '-' : ''}0.${'0'.repeat(zeros)}${lead}${rest}`);

export const anyDecimalString = fc.oneof(decimalString, tinyDecimalString);

export const digitCount = fc.integer({ min: 0, max: 30 });

/** Fixed seed: the property runs are reproducible in CI. */
export const RUNS = { numRuns: 200, seed: 20240601 } as const;

/** Large magnitudes in e-notation, up to ~1e64, e.g. '-4.56e37'. */
export const hugeDecimalString = fc
  .tuple(decimalString, fc.integer({ min: 0, max: 45 }))
  .map(([mantissa, exp]) => `${mantissa}e${exp}`);
