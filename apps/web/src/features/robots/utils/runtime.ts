import { mul, parse } from '@makerdesk/decimal';

/** A fraction (0.5) as a percentage with its sign ("50 %"), exact decimals. */
export function percentOfFraction(fraction: string): string {
  return `${parse(mul(fraction, '100'))} %`;
}
