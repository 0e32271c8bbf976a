import { messageFor, parseLang, SUCCESS_CODE, TRANSPORT_CODES, type Envelope, type ErrorData, type Lang } from '@makerdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { AppError } from '../domain/app-error.ts';


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
