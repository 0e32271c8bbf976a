import { endpoints } from '@makerdesk/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../app.ts';
import type { Services } from '../services/services.ts';
import type { EndpointName } from './route-kit.ts';

/** The routes as the app registers them; route plugins only close over services, so none are needed. */
async function registeredRoutes(): Promise<RouteOptions[]> {
  const routes: RouteOptions[] = [];
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routes.push(route as RouteOptions);
  });
  for (const routePlugin of apiRoutes) routePlugin(app, {} as Services);
  await app.ready();
  await app.close();
  return routes;
}

const place = (method: unknown, path: string) => `${String(method)} ${path}`;

describe("the contract's endpoint map and the server's routes", () => {
  it('every entry is served exactly once, by a route registered from it', async () => {
    const routes = await registeredRoutes();
    const served = routes.flatMap((route) => route.config?.endpoints ?? []);
    const names = Object.keys(endpoints) as EndpointName[];
    expect(names.filter((name) => served.filter((s) => s === name).length !== 1)).toEqual([]);
    expect(served.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('every /backend route of the map serves entries, at their method and path, one route a place', async () => {
    const routes = await registeredRoutes();
    expect(routes.filter((route) => !route.config?.endpoints).map((route) => place(route.method, route.url))).toEqual([]);
    const misplaced = routes.flatMap((route) =>
      (route.config?.endpoints ?? []).filter((name) => place(endpoints[name].method, endpoints[name].path) !== place(route.method, route.url)),
    );
    expect(misplaced).toEqual([]);
    // Entries that share a method and path (a union body) are one route.
    const places = new Set(Object.values(endpoints).map((entry) => place(entry.method, entry.path)));
    expect(routes).toHaveLength(places.size);
  });
});
