import { healthResponse, paths } from '@makerdesk/contract';
import { ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

export const healthRoutes: RoutePlugin = (app, { health }) => {
  app.get(paths.health, { schema: { tags: ['health'], summary: 'Liveness and database kind', response: replies(healthResponse) } }, async () => ok(await health.check()));
};
