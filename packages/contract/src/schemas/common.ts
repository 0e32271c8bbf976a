import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';

/**
 * Query strings carry numbers as text; accept both forms. Callers type a number (`<number>`), so a
 * request built by hand from the contract's input types is checked like any other field.
 */
export const idParam = z.coerce.number<number>().int().positive();

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
