import {
  accountPermission,
  accountPermissionAddRequest,
  accountPermissionListQuery,
  accountPermissionListResponse,
  coinListResponse,
  paths,
  platformListResponse,
} from '@makerdesk/contract';
import { mainAccountOnly, principalOf, signedIn } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

export const coinRoutes: RoutePlugin = (app, { auth, coins }) => {
  const authed = signedIn(auth);

  app.get(paths.coinList, { preHandler: authed, schema: { tags: ['coin'], summary: 'Pairs the caller may use', response: replies(coinListResponse) } }, async (request) =>
    ok(await coins.listFor(principalOf(request).admin)),
  );

  app.get(paths.platformList, { preHandler: authed, schema: { tags: ['platform'], summary: 'Exchange platforms (sim = built-in simulator)', response: replies(platformListResponse) } }, async () =>
    ok(await coins.platforms()),
  );

  app.post(paths.accountPermissionsAdd, { preHandler: [authed, mainAccountOnly], schema: { tags: ['account-permissions'], summary: 'Bind a pair to an account', body: accountPermissionAddRequest, response: replies(accountPermission) } }, async (request) =>
    ok(await coins.bind(request.body.adminId, request.body.coinId)),
  );

  app.get(paths.accountPermissionsList, { preHandler: [authed, mainAccountOnly], schema: { tags: ['account-permissions'], summary: 'Pair bindings, optionally of one account', querystring: accountPermissionListQuery, response: replies(accountPermissionListResponse) } }, async (request) =>
    ok(await coins.permissions(request.query.adminId)),
  );
};
