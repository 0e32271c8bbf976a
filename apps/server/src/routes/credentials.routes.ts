import { credentialAddRequest, credentialUpdateRequest, credentialView, paths } from '@makerdesk/contract';
import { z } from 'zod';
import { principalOf, signedIn } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

const tags = ['credentials'];

export const credentialRoutes: RoutePlugin = (app, { auth, credentials }) => {
  const authed = signedIn(auth);

  app.post(paths.credentialsAdd, { onRequest: authed, schema: { tags, summary: 'Import an exchange API key (secrets sealed at rest, answered masked)', body: credentialAddRequest, response: replies(credentialView) } }, async (request) =>
    ok(await credentials.add(principalOf(request).admin, request.body)),
  );

  app.put(paths.credentialsUpdate, { onRequest: authed, schema: { tags, summary: 'Change one of your API keys', body: credentialUpdateRequest, response: replies(credentialView) } }, async (request) =>
    ok(await credentials.update(principalOf(request).admin, request.body)),
  );

  app.get(paths.credentialsList, { onRequest: authed, schema: { tags, summary: 'Your API keys, masked', response: replies(z.array(credentialView)) } }, async (request) =>
    ok(await credentials.listFor(principalOf(request).admin.id)),
  );
};
