import { principalOf } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

export const coinRoutes: RoutePlugin = (app, { auth, coins, pairAdmin }) => {
  const serve = serveEndpoints(app, auth);

  serve('coinList', { access: 'signed-in', tags: ['coin'], summary: 'Pairs the caller may use' }, async (request) =>
    ok(await coins.listFor(principalOf(request).admin)),
  );

  serve('platformList', { access: 'signed-in', tags: ['platform'], summary: 'Exchange platforms (sim = built-in simulator)' }, async (request) =>
    ok(await coins.platforms(principalOf(request).admin)),
  );

  serve('accountPermissionsAdd', { access: 'main-account', tags: ['account-permissions'], summary: 'Bind a pair to an account' }, async (request) =>
    ok(await coins.bind(request.body.adminId, request.body.coinId)),
  );

  serve('accountPermissionsList', { access: 'main-account', tags: ['account-permissions'], summary: 'Pair bindings, optionally of one account' }, async (request) =>
    ok(await coins.permissions(request.query.adminId)),
  );

  serve('coinAdd', { access: 'main-account', tags: ['coin'], summary: 'Add a pair: checked against the venue (the simulator opens a market for it)' }, async (request) =>
    ok(await pairAdmin.addPair(request.body)),
  );

  serve('coinUpdate', { access: 'main-account', tags: ['coin'], summary: "Edit a pair's expiry and status" }, async (request) =>
    ok(await pairAdmin.updatePair(request.body)),
  );

  serve('platformAdd', { access: 'main-account', tags: ['platform'], summary: 'Add a platform: a ccxt id, optionally in its sandbox or at another API base URL' }, async (request) =>
    ok(await pairAdmin.addPlatform(request.body)),
  );

  serve('platformUpdate', { access: 'main-account', tags: ['platform'], summary: "Rename a platform, or move it into its sandbox or to another API base" }, async (request) =>
    ok(await pairAdmin.updatePlatform(request.body)),
  );

  serve('platformDelete', { access: 'main-account', tags: ['platform'], summary: 'Delete a platform no pair and no API key uses' }, async (request) => {
    await pairAdmin.deletePlatform(request.params.id);
    return ok(null);
  });
};
