import {
  addUserRequest,
  adminListQuery,
  adminListResponse,
  adminUser,
  idParam,
  loginLogListQuery,
  loginLogListResponse,
  loginRequest,
  loginResponse,
  paths,
  sendCodeResponse,
  updatePasswordRequest,
  updateUserRequest,
} from '@makerdesk/contract';
import { z } from 'zod';
import { mainAccountOnly, principalOf, signedIn } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { noToken, nothing, replies, type RoutePlugin } from './route-kit.ts';

const tags = ['admin'];

export const adminRoutes: RoutePlugin = (app, { auth, admins, passwordReset }) => {
  const authed = signedIn(auth);
  const loginContext = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

  app.get(paths.login, { schema: { ...noToken, tags, summary: 'Sign in (query form, kept for compatibility)', querystring: loginRequest, response: replies(loginResponse) } }, async (request) =>
    ok(await auth.login(request.query.username, request.query.password, loginContext(request))),
  );

  app.post(paths.login, { schema: { ...noToken, tags, summary: 'Sign in', body: loginRequest, response: replies(loginResponse) } }, async (request) =>
    ok(await auth.login(request.body.username, request.body.password, loginContext(request))),
  );

  app.get(paths.logout, { onRequest: authed, schema: { tags, summary: 'Sign out: the session is revoked at once', response: replies(nothing) } }, async (request) => {
    await auth.logout(principalOf(request).sessionId);
    return ok(null);
  });

  app.get(paths.adminList, { onRequest: [authed, mainAccountOnly], schema: { tags, summary: 'Accounts (main account only)', querystring: adminListQuery, response: replies(adminListResponse) } }, async (request) =>
    ok(await admins.list(request.query)),
  );

  app.get(paths.loginLogList, { onRequest: [authed, mainAccountOnly], schema: { tags, summary: 'Login logs (main account only)', querystring: loginLogListQuery, response: replies(loginLogListResponse) } }, async (request) =>
    ok(await admins.loginLogs(request.query)),
  );

  app.post(paths.addUser, { onRequest: [authed, mainAccountOnly], schema: { tags, summary: 'Add a restricted account', body: addUserRequest, response: replies(adminUser) } }, async (request) =>
    ok(await admins.add(request.body)),
  );

  app.put(paths.updateUser, { onRequest: authed, schema: { tags, summary: 'Change own password, or (main account) edit an account', body: updateUserRequest, response: replies(adminUser.nullable()) } }, async (request) =>
    ok(await admins.update(principalOf(request), request.body, request.ip)),
  );

  app.put(paths.updatePassword, { schema: { ...noToken, tags, summary: 'Forgot password: send a code, verify it, set a new password', body: updatePasswordRequest, response: replies(sendCodeResponse.nullable()) } }, async (request) =>
    ok(await passwordReset.step(request.body, request.ip)),
  );

  app.get(paths.adminById, { onRequest: authed, schema: { tags, summary: 'One account: oneself, or any (main account)', params: z.object({ id: idParam }), response: replies(adminUser) } }, async (request) =>
    ok(await admins.view(principalOf(request).admin, request.params.id)),
  );

  app.delete(paths.adminById, { onRequest: [authed, mainAccountOnly], schema: { tags, summary: 'Delete a restricted account; its sessions end at once', params: z.object({ id: idParam }), response: replies(nothing) } }, async (request) => {
    await admins.remove(principalOf(request).admin, request.params.id);
    return ok(null);
  });
};
