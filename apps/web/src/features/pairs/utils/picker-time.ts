import dayjs, { type Dayjs } from 'dayjs';

/**
 * A date picker's value in a ProForm as epoch ms: ProForm may hand it over as a dayjs, a formatted
 * local time string or a number, depending on its date formatter. Empty is null.
 */
export function pickerEpochMs(value: Dayjs | string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.valueOf() : null;
}
