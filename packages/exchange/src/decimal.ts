/**
 * Exact arithmetic on decimal strings (bigint mantissa + scale), for the few sums and products
 * the facade and the ccxt connector need. Nothing here ever touches a float.
 */

interface Dec {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/;
const MAX_LENGTH = 128;

export function isDecimal(value: string): boolean {
  if (value.length === 0 || value.length > MAX_LENGTH) return false;
  const m = DECIMAL.exec(value);
  return m !== null && (m[2] ?? '') + (m[3] ?? '') !== '';
}

function parse(value: string): Dec {
  const m = value.length <= MAX_LENGTH ? DECIMAL.exec(value) : null;
  const int = m?.[2] ?? '';
  const frac = m?.[3] ?? '';
  if (m === null || int + frac === '') throw new RangeError(`${JSON.stringify(value)} is not a decimal`);
  const units = BigInt(int + frac || '0');
  return { units: m[1] ? -units : units, scale: frac.length };
}

function rescale(d: Dec, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

/** Plain decimal without trailing fractional zeros: 1.2300 → '1.23', 5.0 → '5', -0 → '0'. */
function render({ units, scale }: Dec): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return negative && body !== '0' ? `-${body}` : body;
}

export function normalize(value: string): string {
  return render(parse(value));
}

export function add(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return render({ units: rescale(x, scale) + rescale(y, scale), scale });
}

export function sub(a: string, b: string): string {
  return add(a, negate(b));
}

export function negate(a: string): string {
  const x = parse(a);
  return render({ units: -x.units, scale: x.scale });
}

export function mul(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  return render({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** a / b truncated toward zero at `decimals` places. Throws on division by zero. */
export function div(a: string, b: string, decimals: number): string {
  const x = parse(a);
  const y = parse(b);
  if (y.units === 0n) throw new RangeError('division by zero');
  // a/b = (xu / 10^xs) / (yu / 10^ys); scaled by 10^decimals.
  const numerator = x.units * 10n ** BigInt(decimals + y.scale);
  const denominator = y.units * 10n ** BigInt(x.scale);
  return render({ units: numerator / denominator, scale: decimals });
}

export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const l = rescale(x, scale);
  const r = rescale(y, scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

export function isZero(a: string): boolean {
  return parse(a).units === 0n;
}

export function isPositive(a: string): boolean {
  return parse(a).units > 0n;
}

export function min(a: string, b: string): string {
  return compare(a, b) <= 0 ? a : b;
}

/** Truncates (toward zero) to `decimals` places, or pads with zeros: ('1.239', 2) → '1.23', ('1', 2) → '1.00'. */
export function toFixed(value: string, decimals: number): string {
  const x = parse(value);
  const units = decimals >= x.scale ? rescale(x, decimals) : x.units / 10n ** BigInt(x.scale - decimals);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  return `${negative && units !== 0n ? '-' : ''}${int}${decimals > 0 ? `.${frac}` : ''}`;
}

/** Truncates (toward zero) to a multiple of `step`: ('1.237', '0.005') → '1.235'. */
export function floorToStep(value: string, step: string): string {
  const x = parse(value);
  const s = parse(step);
  if (s.units <= 0n) throw new RangeError('step must be positive');
  const scale = Math.max(x.scale, s.scale);
  const stepUnits = rescale(s, scale);
  return render({ units: (rescale(x, scale) / stepUnits) * stepUnits, scale });
}

/** 10^-decimals as a decimal: 2 → '0.01', 0 → '1'. */
export function stepOf(decimals: number): string {
  return decimals <= 0 ? '1' : `0.${'1'.padStart(decimals, '0')}`;
}

/** Decimal places of a tick or step: '0.01' → 2, '0.5' → 1, '10' → 0. */
export function decimalsOf(value: string): number {
  const normalized = normalize(value);
  const dot = normalized.indexOf('.');
  return dot < 0 ? 0 : normalized.length - dot - 1;
}

/**
 * The decimal a JS number was parsed from: its shortest round-trip form, with an exponent written
 * out by moving the point (no arithmetic). Exact for every decimal of at most 15 significant digits.
 */
export function numberToDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${String(value)} is not a finite number`);
  const text = String(value);
  const exp = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exp) return text === '-0' ? '0' : text;
  const [, sign = '', int = '', frac = '', power = '0'] = exp;
  const digits = int + frac;
  const point = int.length + Number(power);
  const body =
    point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return sign + normalize(body);
}
