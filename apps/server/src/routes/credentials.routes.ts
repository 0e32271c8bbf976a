import { principalOf } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

const tags = ['credentials'];

export const credentialRoutes: RoutePlugin = (app, { auth, credentials }) => {
  const serve = serveEndpoints(app, auth);

  serve('credentialsAdd', { access: 'signed-in', tags, summary: 'Import an exchange API key (secrets sealed at rest, answered masked)' }, async (request) =>
    ok(await credentials.add(principalOf(request).admin, request.body)),
  );

  serve('credentialsUpdate', { access: 'signed-in', tags, summary: 'Change one of your API keys' }, async (request) =>
    ok(await credentials.update(principalOf(request).admin, request.body)),
  );

  serve('credentialsList', { access: 'signed-in', tags, summary: 'Your API keys, masked' }, async (request) =>
    ok(await credentials.listFor(principalOf(request).admin.id)),
  );
};
