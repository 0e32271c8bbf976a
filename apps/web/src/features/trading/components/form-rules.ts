import { mul } from '@makerdesk/format';
import type { FormRule } from 'antd';
import { compareDecimals, isPositive } from '@/lib/numbers';
import type { Direction } from '@/market-data/types';
import { minimumAmountRule } from '@/lib/validation';
import { exceedsBalance, type Available } from '../utils/balance-check';

/** A decimal field that must be filled and above 0. */
export function positiveRules(required: string, positive: string): FormRule[] {
  return [
    { required: true, message: required },
    { validator: (_, value?: string) => (!value || isPositive(value) ? Promise.resolve() : Promise.reject(new Error(positive))) },
  ];
}

interface AmountTexts {
  required: string;
  positive: string;
  /** The spec's "Buy quantity must not exceed balance" or "Sell quantity must not exceed balance". */
  exceeds: string;
  /** "Below the minimum amount 0.00001 BTC" for the pair's minimum (lib/validation.ts). */
  belowMin?: (min: string) => string;
}

/**
 * An order amount: filled, at least the pair's minimum when `minimum()` knows it (else above 0), and
 * payable from the available balance at `priceOf()` (spec §5; issue 18 §7).
 */
export function amountRules(
  direction: Direction,
  priceOf: () => string | undefined,
  available: Available,
  texts: AmountTexts,
  minimum: () => string | undefined = () => undefined,
): FormRule[] {
  const belowMin = texts.belowMin;
  return [
    { required: true, message: texts.required },
    // Below the lot size (zero included) says so with the minimum; without one known, "above 0".
    ...(belowMin ? [minimumAmountRule(minimum, belowMin)] : []),
    {
      validator: (_, value?: string) => {
        if (!value || isPositive(value) || (belowMin && minimum() !== undefined)) return Promise.resolve();
        return Promise.reject(new Error(texts.positive));
      },
    },
    {
      validator: (_, value?: string) => {
        if (!value || !isPositive(value)) return Promise.resolve();
        const price = priceOf();
        const need = { cost: price ? mul(price, value) : '0', amount: value };
        return exceedsBalance(direction, need, available) ? Promise.reject(new Error(texts.exceeds)) : Promise.resolve();
      },
    },
  ];
}

interface RangeTexts {
  required: string;
  positive: string;
  /** "Min value cannot exceed max value" */
  minAboveMax: string;
  /** "Max value must exceed min value" */
  maxBelowMin: string;
}

/** Rules of a min/max price pair (spec §5: min must be less than max), each checked against the other field. */
export function rangeRules(side: 'min' | 'max', other: string, texts: RangeTexts): FormRule[] {
  return [
    ...positiveRules(texts.required, texts.positive),
    ({ getFieldValue }) => ({
      validator: (_, value?: string) => {
        const counterpart = getFieldValue(other) as string | undefined;
        if (!value || !isPositive(value) || !counterpart || !isPositive(counterpart)) return Promise.resolve();
        const ordered = side === 'min' ? compareDecimals(value, counterpart) < 0 : compareDecimals(value, counterpart) > 0;
        return ordered ? Promise.resolve() : Promise.reject(new Error(side === 'min' ? texts.minAboveMax : texts.maxBelowMin));
      },
    }),
  ];
}
