import { fromUnits, parse, toUnits } from '@makerdesk/decimal';

/**
 * Roots for pool maths (AMM), exact and repeatable: an integer Newton iteration on the value scaled
 * to ROOT_DECIMALS decimals, so the result is the root rounded down at that precision, the same on
 * every machine. 30 decimals leave ~20 significant digits for a price of 1e-8 (√ ≈ 1e-4).
 */
export const ROOT_DECIMALS = 30;

/** ⌊√value⌋ at `decimals` decimals (value ≥ 0). */
export function sqrt(value: string, decimals = ROOT_DECIMALS): string {
  return parse(fromUnits(integerRoot(toUnits(value, 2 * decimals, 'floor'), 2), decimals));
}

/** ⌊value^(1/n)⌋ at `decimals` decimals (value ≥ 0, n ≥ 1). */
export function nthRoot(value: string, n: number, decimals = ROOT_DECIMALS): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`nthRoot: bad degree ${n}`);
  const scaled = toUnits(value, decimals, 'floor') * 10n ** BigInt(decimals * (n - 1));
  return parse(fromUnits(integerRoot(scaled, n), decimals));
}

/** ⌊N^(1/n)⌋ for a bigint N ≥ 0: Newton from above, stops when the iterate no longer decreases. */
export function integerRoot(value: bigint, n: number): bigint {
  if (value < 0n) throw new RangeError('integerRoot: negative value');
  if (value < 2n || n === 1) return value;
  const k = BigInt(n);
  let x = 1n << BigInt(Math.ceil(value.toString(2).length / n));
  for (;;) {
    const next = ((k - 1n) * x + value / x ** (k - 1n)) / k;
    if (next >= x) return x;
    x = next;
  }
}
