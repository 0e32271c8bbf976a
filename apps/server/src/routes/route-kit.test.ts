import {
  adminUser,
  editUserRequest,
  emptyReply,
  endpoints,
  ErrorCode,
  MAIN_ACCOUNT,
  RESTRICTED_ACCOUNT,
  sendCodeResponse,
  updatePasswordRequest,
  updateUserRequest,
  type AddUserRequest,
  type Endpoint,
  type UpdatePasswordRequest,
  type UpdateUserRequest,
} from '@makerdesk/contract';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { installErrorHandling } from '../http/error-handler.ts';
import type { Principal } from '../domain/account.ts';
import type { AuthService } from '../services/auth.service.ts';
import { serveEndpoints, type EndpointName, type ServeEndpoint, type TypedApp } from './route-kit.ts';

const principals: Record<string, Principal> = {
  'main-token': { admin: { id: 1, mainAccountId: MAIN_ACCOUNT } as Principal['admin'], sessionId: 'main-session' },
  'restricted-token': { admin: { id: 2, mainAccountId: RESTRICTED_ACCOUNT } as Principal['admin'], sessionId: 'restricted-session' },
};
/** Only what the guards use: a token names a principal, any other is refused. */
const auth = { authenticate: async (token: string) => principals[token] ?? null } as AuthService;

const HEALTHY = { status: 'ok', database: 'pglite', uptimeSeconds: 1, version: 'test' } as const;
const ACCOUNT = { id: 7, account: 'trader@desk.io', role: 'trader', employeeName: 'Trader', mainAccountId: RESTRICTED_ACCOUNT, status: 'active', createdAt: 0, lastLoginAt: null } as const;
const NO_ACCOUNTS = { list: [], total: 0, current: 1, pageSize: 10 };

/** A bare app with the server's compilers and error envelope; `register` serves its routes, each of which is handed to `routes`. */
async function appWith(register: (serve: ServeEndpoint, app: TypedApp) => void): Promise<{ app: TypedApp; routes: RouteOptions[] }> {
  const routes: RouteOptions[] = [];
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routes.push(route as RouteOptions);
  });
  register(serveEndpoints(app, auth), app);
  await app.ready();
  return { app, routes };
}

interface RouteSchema {
  security?: unknown;
  tags?: string[];
  summary?: string;
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<number, z.ZodType>;
}

/** The `data` schema of a documented envelope. */
function dataOf(reply: z.ZodType | undefined): unknown {
  expect(reply).toBeInstanceOf(z.ZodObject);
  const shape = (reply as z.ZodObject).shape;
  expect(Object.keys(shape)).toEqual(['code', 'data', 'msg']);
  return shape.data;
}

describe('serveEndpoints: one entry', () => {
  it.each(Object.keys(endpoints) as EndpointName[])('%s gets exactly its entry’s method, path, schemas and reply', async (name) => {
    const entry: Endpoint = endpoints[name];
    const { app, routes } = await appWith((serve) => serve(name, { access: 'signed-in', tags: ['t'], summary: `summary of ${name}` }, async () => ok(null)));
    await app.close();
    expect(routes).toHaveLength(1);
    const [route] = routes as [RouteOptions];
    expect(route.method).toBe(entry.method);
    expect(route.url).toBe(entry.path);
    expect(route.config).toEqual({ endpoints: [name] });
    const schema = route.schema as RouteSchema;
    expect(schema.tags).toEqual(['t']);
    expect(schema.summary).toBe(`summary of ${name}`);
    expect(schema.security).toBeUndefined();
    // The very schemas of the entry, not copies that could drift.
    expect(schema.params).toBe(entry.params);
    expect(schema.querystring).toBe(entry.query);
    expect(schema.body).toBe(entry.body);
    expect(Object.keys(schema.response ?? {})).toEqual(['200']);
    if (entry.raw) expect(schema.response?.[200]).toBe(entry.reply);
    else expect(dataOf(schema.response?.[200])).toBe(entry.reply);
  });

  it('documents a call that takes no token as such, and guards the others', async () => {
    const { app, routes } = await appWith((serve) => {
      serve('health', { access: 'no-token', tags: ['health'], summary: 'h' }, async () => ok(HEALTHY));
      serve('logout', { access: 'signed-in', tags: ['admin'], summary: 'l' }, async () => ok(null));
      serve('adminList', { access: 'main-account', tags: ['admin'], summary: 'a' }, async () => ok(NO_ACCOUNTS));
    });
    await app.close();
    const byUrl = new Map(routes.map((r) => [r.url, r]));
    expect((byUrl.get(endpoints.health.path)?.schema as RouteSchema).security).toEqual([]);
    expect(byUrl.get(endpoints.health.path)?.onRequest).toBeUndefined();
    expect((byUrl.get(endpoints.logout.path)?.schema as RouteSchema).security).toBeUndefined();
    expect([byUrl.get(endpoints.logout.path)?.onRequest].flat()).toHaveLength(1);
    expect([byUrl.get(endpoints.adminList.path)?.onRequest].flat()).toHaveLength(2);
  });

  it('lets through who the access says: anyone, a signed-in account, the main account', async () => {
    const { app } = await appWith((serve) => {
      serve('health', { access: 'no-token', tags: [], summary: '' }, async () => ok(HEALTHY));
      serve('logout', { access: 'signed-in', tags: [], summary: '' }, async () => ok(null));
      serve('adminList', { access: 'main-account', tags: [], summary: '' }, async () => ok(NO_ACCOUNTS));
    });
    const answer = async (url: string, token?: string) => {
      const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      const body = res.json() as { code: number; data: { code?: number } | null };
      return body.code === 200 ? 'ok' : body.data?.code;
    };
    expect(await answer(endpoints.health.path)).toBe('ok');
    expect(await answer(endpoints.logout.path)).toBe(ErrorCode.UNAUTHORIZED);
    expect(await answer(endpoints.logout.path, 'forged-token')).toBe(ErrorCode.UNAUTHORIZED);
    expect(await answer(endpoints.logout.path, 'restricted-token')).toBe('ok');
    expect(await answer(endpoints.adminList.path)).toBe(ErrorCode.UNAUTHORIZED);
    expect(await answer(endpoints.adminList.path, 'restricted-token')).toBe(ErrorCode.FORBIDDEN);
    expect(await answer(endpoints.adminList.path, 'main-token')).toBe('ok');
    await app.close();
  });

  it('validates with the entry’s schemas and hands the handler what they parse', async () => {
    const seen: unknown[] = [];
    const { app } = await appWith((serve) => {
      serve('addUser', { access: 'no-token', tags: [], summary: '' }, async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<AddUserRequest>();
        seen.push(request.body);
        return ok(ACCOUNT);
      });
      serve('getAdmin', { access: 'no-token', tags: [], summary: '' }, async (request) => {
        expectTypeOf(request.params.id).toEqualTypeOf<number>();
        seen.push(request.params);
        return ok(ACCOUNT);
      });
    });
    const body = { account: 'Trader@Desk.io', role: 'trader', employeeName: '  Trader  ', password: 'Trader-pass-1' };
    const added = await app.inject({ method: 'POST', url: endpoints.addUser.path, payload: body });
    expect(added.json()).toMatchObject({ code: 200, data: { id: 7 } });
    expect(seen).toEqual([endpoints.addUser.body.parse(body)]);
    const bad = await app.inject({ method: 'GET', url: '/admin/x1' });
    expect(bad.json()).toMatchObject({ data: { code: ErrorCode.INVALID_PARAMS, fields: [{ field: 'id' }] } });
    expect(seen).toHaveLength(1);
    await app.close();
  });
});

describe('serveEndpoints: several entries on one route', () => {
  it('validates the contract’s union of their bodies and documents the union of their replies', async () => {
    const { app, routes } = await appWith((serve) => {
      serve(['editUser', 'changeOwnPassword'], { access: 'signed-in', tags: ['admin'], summary: 'u', body: updateUserRequest }, async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<UpdateUserRequest>();
        return ok(null);
      });
      serve(['sendResetCode', 'verifyResetCode', 'resetPassword'], { access: 'no-token', tags: ['admin'], summary: 'p', body: updatePasswordRequest }, async (request) => {
        expectTypeOf(request.body).toEqualTypeOf<UpdatePasswordRequest>();
        return ok(request.body.action === 'sendCode' ? { resendAfterSeconds: 60, expiresInSeconds: 600, delivery: 'email' } : null);
      });
    });
    const [update, reset] = routes as [RouteOptions, RouteOptions];
    expect([update.method, update.url, update.config]).toEqual(['PUT', endpoints.editUser.path, { endpoints: ['editUser', 'changeOwnPassword'] }]);
    expect((update.schema as RouteSchema).body).toBe(updateUserRequest);
    expect((dataOf((update.schema as RouteSchema).response?.[200]) as z.ZodUnion).options).toEqual([adminUser, emptyReply]);
    expect([reset.method, reset.url, reset.config]).toEqual(['PUT', endpoints.sendResetCode.path, { endpoints: ['sendResetCode', 'verifyResetCode', 'resetPassword'] }]);
    expect((reset.schema as RouteSchema).body).toBe(updatePasswordRequest);
    expect((reset.schema as RouteSchema).security).toEqual([]);
    // The replies the entries share are documented once.
    expect((dataOf((reset.schema as RouteSchema).response?.[200]) as z.ZodUnion).options).toEqual([sendCodeResponse, emptyReply]);

    // The discriminated union answers the member's own message, as the contract words it.
    const badCode = await app.inject({ method: 'PUT', url: endpoints.verifyResetCode.path, payload: { action: 'verifyCode', email: 'a@desk.io', code: '12' } });
    expect(badCode.json()).toMatchObject({ data: { code: ErrorCode.INVALID_PARAMS, fields: [{ field: 'code', message: 'The verification code must be 6 digits' }] } });
    const sent = await app.inject({ method: 'PUT', url: endpoints.sendResetCode.path, payload: { action: 'sendCode', email: 'a@desk.io' } });
    expect(sent.json()).toMatchObject({ code: 200, data: { resendAfterSeconds: 60 } });
    await app.close();
  });

  it('refuses entries on different methods or paths, and a union that is not exactly their bodies', async () => {
    await expect(appWith((serve) => serve(['editUser', 'addUser'], { access: 'signed-in', tags: [], summary: '', body: z.union([editUserRequest, endpoints.addUser.body]) }, async () => ok(ACCOUNT)))).rejects.toThrow(
      'editUser, addUser: entries served by one route must share its method and path',
    );
    await expect(appWith((serve) => serve(['editUser', 'changeOwnPassword'], { access: 'signed-in', tags: [], summary: '', body: z.union([editUserRequest]) }, async () => ok(null)))).rejects.toThrow(
      "editUser, changeOwnPassword: the route's body must be the union of exactly these entries' bodies",
    );
  });
});
