import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../http/auth-guard.ts';
import type { Services } from '../services/services.ts';

export const METRICS_PATH = '/metrics';

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

function sameToken(given: string | null, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/backend/metrics`, Prometheus text (not the envelope, so not in the contract's endpoint map).
 * Scrapers rarely hold a console session, so the console's JWT does not gate it: requests from the
 * server's own machine may read it, others only with the static MAKERDESK_METRICS_TOKEN.
 */
export function metricsRoutes(app: FastifyInstance, { engine, config }: Services): void {
  // request.ip is the client (a trusted proxy's X-Forwarded-For resolved): a request the proxy on
  // this machine forwards for someone elsewhere is from elsewhere.
  const allowed = (request: FastifyRequest) => sameToken(bearerToken(request), config.metricsToken) || isLoopback(request.ip);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) return reply.status(403).type('text/plain').send('Forbidden: metrics are served to this machine, or with MAKERDESK_METRICS_TOKEN\n');
    return reply.type(engine.metrics.contentType).send(await engine.metrics.text());
  });
}
