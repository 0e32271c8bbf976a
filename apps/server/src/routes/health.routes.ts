import { endpoints, ErrorCode, messageFor } from '@makerdesk/contract';
import { langOf, ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

/** The HTTP status of a server that is not ready: load balancers take it out of rotation. */
const NOT_READY_STATUS = 503;

export const healthRoutes: RoutePlugin = (app, { auth, health, readiness }) => {
  const serve = serveEndpoints(app, auth);
  serve('health', { access: 'no-token', tags: ['health'], summary: 'Liveness and database kind' }, async () => ok(await health.check()));
  serve('healthLive', { access: 'no-token', tags: ['health'], summary: 'Liveness probe: the process answers (touches no database)' }, async () => ok(health.live()));
  serve(
    'healthReady',
    {
      access: 'no-token',
      tags: ['health'],
      summary: 'Readiness probe: the database, the simulator seat and the bot engine; HTTP 503 with the failed checks when not ready',
      otherReplies: { [NOT_READY_STATUS]: endpoints.healthReady.reply },
    },
    async (request, reply) => {
      const answer = await readiness.check();
      if (answer.status === 'ready') return ok(answer);
      reply.code(NOT_READY_STATUS);
      const failed = answer.failed.join(', ');
      return { code: NOT_READY_STATUS, data: { ...answer, code: ErrorCode.NOT_READY }, msg: messageFor(ErrorCode.NOT_READY, langOf(request), { failed }) };
    },
  );
};
