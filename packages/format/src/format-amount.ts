import { compact, type Locale } from './compact.ts';
import type { NumericInput } from './decimal.ts';
import { truncate } from './rounding.ts';
import { thousands as groupThousands } from './separators.ts';

export interface FormatAmountOptions {
  /** Decimals kept (truncated, never rounded). */
  digits: number;
  /** Only used with `compact`. Default 'en'. */
  locale?: Locale;
  /** Use suffixes ('1.5K') instead of full digits. Default false. */
  compact?: boolean;
  /** Group the integer part with ','. Default true; ignored with `compact`. */
  thousands?: boolean;
  /** Pad to exactly `digits` decimals. Default false; ignored with `compact`. */
  padZeros?: boolean;
}

/** Display string for an amount: truncate then group ('1,234.56'), or compact ('1.23K'). */
export function formatAmount(value: NumericInput, options: FormatAmountOptions): string {
  const { digits, locale = 'en', padZeros = false } = options;
  if (options.compact) return compact(value, { locale, digits });
  const cut = truncate(value, digits, { padZeros });
  return options.thousands === false ? cut : groupThousands(cut);
}
