import { updatePasswordRequest, updateUserRequest } from '@makerdesk/contract';
import { principalOf } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

const tags = ['admin'];

export const adminRoutes: RoutePlugin = (app, { auth, admins, passwordReset }) => {
  const serve = serveEndpoints(app, auth);
  const loginContext = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

  serve('loginByQuery', { access: 'no-token', tags, summary: 'Sign in (query form, kept for compatibility)' }, async (request) =>
    ok(await auth.login(request.query.username, request.query.password, loginContext(request))),
  );

  serve('login', { access: 'no-token', tags, summary: 'Sign in' }, async (request) =>
    ok(await auth.login(request.body.username, request.body.password, loginContext(request))),
  );

  serve('logout', { access: 'signed-in', tags, summary: 'Sign out: the session is revoked at once' }, async (request) => {
    await auth.logout(principalOf(request).sessionId);
    return ok(null);
  });

  serve('adminList', { access: 'main-account', tags, summary: 'Accounts (main account only)' }, async (request) =>
    ok(await admins.list(request.query)),
  );

  serve('loginLogList', { access: 'main-account', tags, summary: 'Login logs (main account only)' }, async (request) =>
    ok(await admins.loginLogs(request.query)),
  );

  serve('addUser', { access: 'main-account', tags, summary: 'Add a restricted account' }, async (request) =>
    ok(await admins.add(request.body)),
  );

  serve(['editUser', 'changeOwnPassword'], { access: 'signed-in', tags, summary: 'Change own password, or (main account) edit an account', body: updateUserRequest }, async (request) =>
    ok(await admins.update(principalOf(request), request.body, request.ip)),
  );

  serve(['sendResetCode', 'verifyResetCode', 'resetPassword'], { access: 'no-token', tags, summary: 'Forgot password: send a code, verify it, set a new password', body: updatePasswordRequest }, async (request) =>
    ok(await passwordReset.step(request.body, request.ip)),
  );

  serve('getAdmin', { access: 'signed-in', tags, summary: 'One account: oneself, or any (main account)' }, async (request) =>
    ok(await admins.view(principalOf(request).admin, request.params.id)),
  );

  serve('deleteAdmin', { access: 'main-account', tags, summary: 'Delete a restricted account; its sessions end at once' }, async (request) => {
    await admins.remove(principalOf(request).admin, request.params.id);
    return ok(null);
  });
};
