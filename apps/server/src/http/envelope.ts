import { messageFor, parseLang, SUCCESS_CODE, type Envelope, type ErrorData, type Lang } from '@makerdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { AppError } from '../domain/app-error.ts';

/** Transport-level codes travel in the envelope's `code` itself (spec §8), the rest as `data.code`. */
export const TRANSPORT_CODES: ReadonlySet<number> = new Set([401, 2000401, 3000401, 4000401]);

export function ok<T>(data: T, msg = 'SUCCESS'): Envelope<T> {
  return { code: SUCCESS_CODE, data, msg };
}

export function langOf(request: FastifyRequest): Lang {
  return parseLang(request.headers.lang);
}

export function errorEnvelope(error: AppError, lang: Lang): Envelope<ErrorData> {
  const data: ErrorData = { code: error.code };
  if (error.fields) data.fields = error.fields;
  return {
    code: TRANSPORT_CODES.has(error.code) ? error.code : error.status,
    data,
    msg: messageFor(error.code, lang, error.params),
  };
}
