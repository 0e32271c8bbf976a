import { API_PREFIX, ErrorCode } from '@makerdesk/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/app-error.ts';
import { errorEnvelope, langOf } from './envelope.ts';
import { securityHeadersFor } from './security-headers.ts';

/** What the router says about a path it cannot read, as a client can act on it. */
const PROBLEMS: Record<string, string> = {
  FST_ERR_BAD_URL: 'Malformed percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'A parameter is too long',
};

/**
 * Fastify's `frameworkErrors`: the router refuses a path before any route or hook runs (bad
 * percent-encoding, a parameter longer than it reads). Under /backend the answer is the envelope
 * with the invalid-parameter code, as every API answer is; elsewhere a plain 400. Either way with
 * the security headers the `onRequest` hook would have set.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0] ?? '/';
  void reply.headers(securityHeadersFor(path));
  const problem = PROBLEMS[error.code] ?? 'Unreadable path';
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
    const appError = new AppError(ErrorCode.INVALID_PARAMS, { detail: `path: ${problem}` }, [{ field: 'path', message: problem }]);
    void reply.status(appError.status).send(errorEnvelope(appError, langOf(request)));
    return;
  }
  void reply.status(400).type('text/plain').send('Bad request: the path is not a valid URL\n');
}
