import { ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

export const healthRoutes: RoutePlugin = (app, { auth, health }) => {
  serveEndpoints(app, auth)('health', { access: 'no-token', tags: ['health'], summary: 'Liveness and database kind' }, async () => ok(await health.check()));
};
