import { PASSWORD_MAX, PASSWORD_MIN, VERIFICATION_CODE_LENGTH } from '@makerdesk/contract';
import { compare, isDecimal } from '@makerdesk/decimal';
import type { FormRule } from 'antd';

/** Form rules shared by the sign-in, reset and account forms, with the spec's texts (§5). */
export function passwordRules(message: string): FormRule[] {
  return [
    { required: true, message },
    { min: PASSWORD_MIN, max: PASSWORD_MAX, message },
  ];
}

export function emailRules(requiredMessage: string, invalidMessage: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: requiredMessage },
    { type: 'email', message: invalidMessage },
  ];
}

export function codeRules(requiredMessage: string, formatMessage: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: requiredMessage },
    { pattern: new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), message: formatMessage },
  ];
}

/** The confirmation must equal the field it confirms. */
export function matchesField(field: string, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: unknown) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message)),
  });
}

/**
 * An amount at or above the pair's minimum (its lot size): below it, zero included, the field says
 * so with the minimum and its unit ("Below the minimum amount 0.00001 BTC"), not "above 0".
 * `minimum` undefined (not known yet) leaves the check to the positive rule.
 */
export function minimumAmountRule(minimum: () => string | undefined, message: (min: string) => string): FormRule {
  return {
    validator: (_, value?: string) => {
      const min = minimum();
      if (!value || min === undefined || !isDecimal(min) || !isDecimal(value.trim())) return Promise.resolve();
      return compare(value.trim(), min) < 0 ? Promise.reject(new Error(message(min))) : Promise.resolve();
    },
  };
}
