import { pow10, render, toFixedPoint } from './fixed-point.ts';

/** -1, 0 or 1 as a is below, equal to or above b, whatever their scales: compare('1.10', '1.1') → 0. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  let l = x.units;
  let r = y.units;
  if (x.scale > y.scale) r *= pow10(x.scale - y.scale);
  else if (x.scale < y.scale) l *= pow10(y.scale - x.scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** -1, 0 or 1 as a is negative, zero or positive. */
export function sign(a: string): -1 | 0 | 1 {
  const { units } = toFixedPoint(a);
  return units < 0n ? -1 : units > 0n ? 1 : 0;
}

/** The smaller of a and b, in canonical form. */
export function min(a: string, b: string): string {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  return lessOrEqual(x.units, x.scale, y.units, y.scale) ? render(x.units, x.scale) : render(y.units, y.scale);
}

/** The larger of a and b, in canonical form. */
export function max(a: string, b: string): string {
  const x = toFixedPoint(a);
  const y = toFixedPoint(b);
  return lessOrEqual(x.units, x.scale, y.units, y.scale) ? render(y.units, y.scale) : render(x.units, x.scale);
}

function lessOrEqual(xu: bigint, xs: number, yu: bigint, ys: number): boolean {
  return xs >= ys ? xu <= yu * pow10(xs - ys) : xu * pow10(ys - xs) <= yu;
}
