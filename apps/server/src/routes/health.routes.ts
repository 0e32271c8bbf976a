import { healthResponse, paths } from '@makerdesk/contract';
import { sql } from 'drizzle-orm';
import { ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

const startedAt = Date.now();
const version = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes: RoutePlugin = (app, { database }) => {
  app.get(paths.health, { schema: { tags: ['health'], summary: 'Liveness and database kind', response: replies(healthResponse) } }, async () => {
    await database.db.execute(sql`select 1`);
    return ok({ status: 'ok' as const, database: database.kind, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000), version });
  });
};
