import { catalogue, ErrorCode, type FieldError } from '@makerdesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../domain/app-error.ts';
import { errorEnvelope, langOf } from './envelope.ts';

/** Spec-named validation texts map to their own catalogue codes, so the console can show them as written. */
const codeByMessage = new Map(
  [...catalogue.values()].filter((e) => e.group === 'params').map((e) => [e.en, e.code] as const),
);

function validationError(issues: { instancePath?: string; message?: string; params?: unknown }[], part: string): AppError {
  const fields: FieldError[] = issues.map((issue) => ({
    field: issueField(issue, part),
    message: issue.message ?? 'Invalid value',
  }));
  const first = fields[0];
  const specific = first ? codeByMessage.get(first.message) : undefined;
  if (specific) return new AppError(specific, {}, fields);
  const detail = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new AppError(ErrorCode.INVALID_PARAMS, { detail }, fields);
}

function issueField(issue: { instancePath?: string; params?: unknown }, part: string): string {
  const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
  if (path) return path;
  const params = issue.params as { issue?: { path?: unknown[] } } | undefined;
  const zodPath = params?.issue?.path;
  return Array.isArray(zodPath) && zodPath.length > 0 ? zodPath.join('.') : part;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = langOf(request);
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      appError = validationError(error.validation, error.validationContext ?? 'body');
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      appError = new AppError(ErrorCode.INVALID_PARAMS, { detail: 'body: malformed JSON' }, [{ field: 'body', message: 'Malformed JSON' }]);
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      appError = new AppError(ErrorCode.INVALID_PARAMS, { detail: 'content-type: unsupported media type' });
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      appError = new AppError(ErrorCode.INVALID_PARAMS, { detail: 'body: too large' });
    } else if (error.statusCode === 429) {
      appError = new AppError(ErrorCode.TOO_MANY_ATTEMPTS, { seconds: 60 });
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      appError = new AppError(ErrorCode.INVALID_PARAMS, { detail: error.message });
    } else {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError(ErrorCode.INTERNAL_ERROR);
    }
    // A throttled caller learns when to come back in the standard header too.
    if (appError.code === ErrorCode.TOO_MANY_ATTEMPTS && typeof appError.params.seconds === 'number') reply.header('retry-after', String(appError.params.seconds));
    return reply.status(appError.status).send(errorEnvelope(appError, lang));
  });
}
