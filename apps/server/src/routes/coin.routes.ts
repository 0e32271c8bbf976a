import {
  accountPermission,
  accountPermissionAddRequest,
  accountPermissionListQuery,
  accountPermissionListResponse,
  coin,
  coinAddRequest,
  coinAddResponse,
  coinListResponse,
  coinUpdateRequest,
  paths,
  platformAddRequest,
  platformAddResponse,
  platformListResponse,
} from '@makerdesk/contract';
import { mainAccountOnly, principalOf, signedIn } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

export const coinRoutes: RoutePlugin = (app, { auth, coins, pairAdmin }) => {
  const authed = signedIn(auth);

  app.get(paths.coinList, { onRequest: authed, schema: { tags: ['coin'], summary: 'Pairs the caller may use', response: replies(coinListResponse) } }, async (request) =>
    ok(await coins.listFor(principalOf(request).admin)),
  );

  app.get(paths.platformList, { onRequest: authed, schema: { tags: ['platform'], summary: 'Exchange platforms (sim = built-in simulator)', response: replies(platformListResponse) } }, async (request) =>
    ok(await coins.platforms(principalOf(request).admin)),
  );

  app.post(paths.accountPermissionsAdd, { onRequest: [authed, mainAccountOnly], schema: { tags: ['account-permissions'], summary: 'Bind a pair to an account', body: accountPermissionAddRequest, response: replies(accountPermission) } }, async (request) =>
    ok(await coins.bind(request.body.adminId, request.body.coinId)),
  );

  app.get(paths.accountPermissionsList, { onRequest: [authed, mainAccountOnly], schema: { tags: ['account-permissions'], summary: 'Pair bindings, optionally of one account', querystring: accountPermissionListQuery, response: replies(accountPermissionListResponse) } }, async (request) =>
    ok(await coins.permissions(request.query.adminId)),
  );

  app.post(paths.coinAdd, { onRequest: [authed, mainAccountOnly], schema: { tags: ['coin'], summary: 'Add a pair: checked against the venue (the simulator opens a market for it)', body: coinAddRequest, response: replies(coinAddResponse) } }, async (request) =>
    ok(await pairAdmin.addPair(request.body)),
  );

  app.put(paths.coinUpdate, { onRequest: [authed, mainAccountOnly], schema: { tags: ['coin'], summary: "Edit a pair's expiry and status", body: coinUpdateRequest, response: replies(coin) } }, async (request) =>
    ok(await pairAdmin.updatePair(request.body)),
  );

  app.post(paths.platformAdd, { onRequest: [authed, mainAccountOnly], schema: { tags: ['platform'], summary: 'Add a platform: a ccxt id, optionally in its sandbox or at another API base URL', body: platformAddRequest, response: replies(platformAddResponse) } }, async (request) =>
    ok(await pairAdmin.addPlatform(request.body)),
  );
};
