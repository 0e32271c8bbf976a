import { healthResponse, paths } from '@makerdesk/contract';
import { ok } from '../http/envelope.ts';
import { noToken, replies, type RoutePlugin } from './route-kit.ts';

export const healthRoutes: RoutePlugin = (app, { health }) => {
  app.get(paths.health, { schema: { ...noToken, tags: ['health'], summary: 'Liveness and database kind', response: replies(healthResponse) } }, async () => ok(await health.check()));
};
