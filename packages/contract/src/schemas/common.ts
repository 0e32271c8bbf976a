import { z } from 'zod';
import { ID_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';

const wholeId = z.number().int().min(1).max(ID_MAX);
const idDigits = z.string().regex(/^[0-9]{1,10}$/).transform(Number).pipe(wholeId);

/**
 * An id: a whole number from 1 to ID_MAX, as a JSON number or, in paths and query strings, as its
 * decimal digits. Nothing else reads as one (`true`, `0x10`, `1e3`, ` 1`, `+1`, `1.0`), and an id
 * past the column's range is refused like any invalid parameter instead of reaching a query.
 * Typed as taking a number: callers send numbers, the digits are only how a URL carries them.
 */
export const idParam = z.union([wholeId, idDigits]) as unknown as z.ZodType<number, number>;

export const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'Invalid email format' }).max(254));

export const password = z
  .string()
  .min(PASSWORD_MIN, { message: 'The password must be at least 8 digits and at most 16 digits!' })
  .max(PASSWORD_MAX, { message: 'The password must be at least 8 digits and at most 16 digits!' });

export const pageQuery = z.object({
  current: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(200).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), current: z.number().int(), pageSize: z.number().int() });
}
export interface Page<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}

/** The data of a call that answers nothing but success. */
export const emptyReply = z.null();

/** Timestamps travel as epoch milliseconds. */
export const epochMs = z.number().int();
