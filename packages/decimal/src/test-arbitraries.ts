/** fast-check generators of decimal literals shared by the property tests (test-only module). */
import fc from 'fast-check';

const digits = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

/** Plain literals with every written form: signs, leading and trailing zeros, '.5', '5.', up to 40 + 40 digits. */
export const plainDecimal = fc
  .record({ sign: fc.constantFrom('', '-', '+'), int: digits(0, 40), point: fc.boolean(), frac: digits(0, 40) })
  .filter(({ int, frac }) => int + frac !== '')
  .map(({ sign, int, point, frac }) => `${sign}${int}${point || frac !== '' ? '.' : ''}${frac}`);

/** Prices and amounts as venues write them: up to 12 integer and 18 fraction digits. */
export const moneyDecimal = fc
  .record({ negative: fc.boolean(), int: digits(1, 12), frac: digits(0, 18) })
  .map(({ negative, int, frac }) => `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`);

/** Small magnitudes like '-0.000000042', with up to 80 leading fractional zeros. */
export const tinyDecimal = fc
  .record({ negative: fc.boolean(), zeros: fc.nat(80), lead: fc.constantFrom(...'123456789'), rest: digits(0, 20) })
  .map(({ negative, zeros, lead, rest }) => `${negative ? '-' : ''}0.${'0'.repeat(zeros)}${lead}${rest}`);

/** Exponent forms within ±120: '4.56e37', '-1E-8', '.5e+3'. */
export const exponentDecimal = fc
  .tuple(plainDecimal, fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.nat(120))
  .map(([mantissa, e, sign, exp]) => `${mantissa}${e}${sign}${exp}`);

export const zeroDecimal = fc.constantFrom('0', '-0', '+0', '0.000', '.0', '0.', '000', '0e7', '-0e-3', '-0.0E+9');

/** Every form, weighted toward plain decimals. */
export const anyDecimal = fc.oneof(
  { arbitrary: moneyDecimal, weight: 3 },
  { arbitrary: plainDecimal, weight: 3 },
  { arbitrary: tinyDecimal, weight: 2 },
  { arbitrary: exponentDecimal, weight: 2 },
  { arbitrary: zeroDecimal, weight: 1 },
);

/** Literals around the edges of the range: exponents up to ±1100, often right at ±1000. */
export const edgeDecimal = fc
  .tuple(
    fc.oneof(moneyDecimal, tinyDecimal),
    fc.oneof(fc.integer({ min: -1100, max: 1100 }), fc.integer({ min: 985, max: 1005 }), fc.integer({ min: -1015, max: -995 })),
  )
  .map(([mantissa, exp]) => `${mantissa}e${exp}`);

export const decimals = fc.nat(40);

/** A value exactly halfway between two at `decimals` decimals ('-12.345' at 2), where half-up and half-even part. */
export const tie = fc
  .record({ negative: fc.boolean(), int: digits(1, 6), frac: digits(0, 6) })
  .map(({ negative, int, frac }) => ({ value: `${negative ? '-' : ''}${int}.${frac}5`, decimals: frac.length }));

/** Fixed seed: the property runs are reproducible in CI. */
export const RUNS = { numRuns: 300, seed: 20251123 } as const;
