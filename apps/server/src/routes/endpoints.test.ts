import { endpoints, type Endpoint } from '@makerdesk/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from '../app.ts';
import type { Services } from '../services/services.ts';

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

/** A schema as JSON Schema (what goes in for requests, what comes out for replies), for comparing two zod schemas. */
function shape(schema: unknown, io: 'input' | 'output'): unknown {
  if (schema === undefined) return undefined;
  const { $schema: _, ...json } = z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any' });
  return json;
}

/** The route's schema is the endpoint's, or a union of which the endpoint's is one member. */
function covers(routeSchema: unknown, endpointSchema: unknown, io: 'input' | 'output'): boolean {
  const route = shape(routeSchema, io) as { anyOf?: unknown[]; oneOf?: unknown[] } | undefined;
  const endpoint = shape(endpointSchema, io);
  if (JSON.stringify(route) === JSON.stringify(endpoint)) return true;
  return [...(route?.anyOf ?? []), ...(route?.oneOf ?? [])].some((member) => JSON.stringify(member) === JSON.stringify(endpoint));
}

const key = (method: string, path: string) => `${method} ${path}`;

describe("the contract's endpoint map and the server's routes", () => {
  it('names every /backend route, and every entry is a route', async () => {
    const routes = await registeredRoutes();
    const served = new Set(routes.map((route) => key(String(route.method), route.url)));
    const mapped = new Set(Object.values(endpoints).map((endpoint) => key(endpoint.method, endpoint.path)));
    expect([...mapped].filter((call) => !served.has(call))).toEqual([]);
    expect([...served].filter((call) => !mapped.has(call))).toEqual([]);
  });

  it('validates each call with the schemas the contract gives the console', async () => {
    const routes = await registeredRoutes();
    const mismatches: string[] = [];
    for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
      const route = routes.find((r) => key(String(r.method), r.url) === key(endpoint.method, endpoint.path));
      const schema = (route?.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<number, z.ZodObject> };
      // A call that answers a file (endpoint.raw) documents the file itself, not the envelope.
      const reply = endpoint.raw ? schema.response?.[200] : schema.response?.[200]?.shape.data;
      if (!covers(schema.params, endpoint.params, 'input')) mismatches.push(`${name}: params`);
      if (!covers(schema.querystring, endpoint.query, 'input')) mismatches.push(`${name}: query`);
      if (!covers(schema.body, endpoint.body, 'input')) mismatches.push(`${name}: body`);
      if (!covers(reply, endpoint.reply, 'output')) mismatches.push(`${name}: reply`);
    }
    expect(mismatches).toEqual([]);
  });
});
