import { z } from 'zod';

/** Every /backend answer: `code` 200 on success, otherwise the HTTP status or a transport code. */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/** `data` of a failed call: the catalogue code, and for validation failures the offending fields. */
export interface ErrorData {
  code: number;
  fields?: FieldError[];
}

export interface FieldError {
  field: string;
  message: string;
}

export const SUCCESS_CODE = 200;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, msg: z.string() });
}

export const languages = ['en_US', 'zh_CN'] as const;
export type Lang = (typeof languages)[number];
export const DEFAULT_LANG: Lang = 'en_US';

export function parseLang(value: unknown): Lang {
  return value === 'zh_CN' ? 'zh_CN' : DEFAULT_LANG;
}
