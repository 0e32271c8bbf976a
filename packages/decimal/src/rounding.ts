import { DecimalError } from './decimal-error.ts';
import { checkDecimals, checkRounding, pow10, quote, render, roundQuotient, toFixedPoint, type Rounding } from './fixed-point.ts';
import { fromUnits } from './units.ts';

/** `value` rounded to at most `decimals` decimals: round('1.005', 2, 'half-up') → '1.01'. */
export function round(value: string, decimals: number, rounding: Rounding): string {
  checkDecimals(decimals, 'round');
  checkRounding(rounding, 'round');
  const { units, scale } = toFixedPoint(value);
  if (scale <= decimals) return render(units, scale);
  return render(roundQuotient(units, pow10(scale - decimals), rounding), decimals);
}

/** Rounds toward -infinity at `decimals` decimals: floor('-1.231', 2) → '-1.24'. */
export function floor(value: string, decimals: number): string {
  return round(value, decimals, 'floor');
}

/** Rounds toward +infinity at `decimals` decimals: ceil('1.231', 2) → '1.24'. */
export function ceil(value: string, decimals: number): string {
  return round(value, decimals, 'ceil');
}

/** Cuts toward zero at `decimals` decimals, never rounding: truncate('-1.239', 2) → '-1.23'. */
export function truncate(value: string, decimals: number): string {
  return round(value, decimals, 'down');
}

/** `value` rounded to a multiple of a positive `step`: roundToStep('1.237', '0.005', 'down') → '1.235'. */
export function roundToStep(value: string, step: string, rounding: Rounding): string {
  checkRounding(rounding, 'roundToStep');
  const x = toFixedPoint(value);
  const s = toFixedPoint(step);
  if (s.units <= 0n) throw new DecimalError('invalid_argument', `roundToStep: the step must be positive, got ${quote(step)}`);
  const scale = Math.max(x.scale, s.scale);
  const units = x.units * pow10(scale - x.scale);
  const stepUnits = s.units * pow10(scale - s.scale);
  return render(roundQuotient(units, stepUnits, rounding) * stepUnits, scale);
}

/** `value` rounded at `decimals` and written with exactly that many: toFixed('1.5', 3, 'down') → '1.500'. */
export function toFixed(value: string, decimals: number, rounding: Rounding): string {
  checkDecimals(decimals, 'toFixed');
  checkRounding(rounding, 'toFixed');
  const { units, scale } = toFixedPoint(value);
  return fromUnits(
    scale <= decimals ? units * pow10(decimals - scale) : roundQuotient(units, pow10(scale - decimals), rounding),
    decimals,
  );
}
