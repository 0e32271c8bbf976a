import type { FastifyRequest } from 'fastify';

/** Auth calls may carry credentials in the query string (GET /admin/login): those are never logged. */
const SENSITIVE_QUERY_PATHS = ['/backend/admin/login', '/backend/admin/updatePassword'];

export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const path = url.slice(0, q);
  return SENSITIVE_QUERY_PATHS.some((p) => path.startsWith(p)) ? `${path}?[REDACTED]` : url;
}

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.oldPassword',
  '*.confirmPassword',
  '*.secretKey',
  '*.passphrase',
  '*.token',
  '*.botToken',
  '*.secret',
  'body.password',
  'body.secretKey',
  'body.passphrase',
  'body.botToken',
  'body.secret',
];

export const serializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: loggableUrl(request.url),
      remoteAddress: request.ip,
    };
  },
};
