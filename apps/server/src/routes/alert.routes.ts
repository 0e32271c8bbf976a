import { principalOf } from '../http/auth-guard.ts';
import { langOf, ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

const tags = ['alert'];

/** Alert channels of the caller's account and the alerts sent through them (Risk control screen). */
export const alertRoutes: RoutePlugin = (app, { auth, alertChannels }) => {
  const serve = serveEndpoints(app, auth);

  serve('alertChannelList', { access: 'signed-in', tags, summary: 'Your alert channels (secrets never returned)' }, async (request) =>
    ok(await alertChannels.listChannels(principalOf(request).admin)),
  );
  serve('alertChannelAdd', { access: 'signed-in', tags, summary: 'Add a Telegram, webhook or e-mail channel (its secret sealed at rest)' }, async (request) =>
    ok(await alertChannels.addChannel(principalOf(request).admin, request.body)),
  );
  serve('alertChannelUpdate', { access: 'signed-in', tags, summary: 'Change a channel; a blank secret keeps the stored one' }, async (request) =>
    ok(await alertChannels.updateChannel(principalOf(request).admin, request.body)),
  );
  serve('alertChannelDelete', { access: 'signed-in', tags, summary: 'Delete a channel (its past deliveries stay)' }, async (request) =>
    ok(await alertChannels.deleteChannel(principalOf(request).admin, request.params.id)),
  );
  serve('alertChannelTest', { access: 'signed-in', tags, summary: "Send a test message through a channel; answers its delivery" }, async (request) =>
    ok(await alertChannels.testChannel(principalOf(request).admin, request.body.id, request.body.coinId)),
  );
  serve('alertList', { access: 'signed-in', tags, summary: "The pair's recent alerts with each channel's delivery" }, async (request) =>
    ok(await alertChannels.listAlerts(principalOf(request).admin, request.query.coinId, request.query.current, request.query.pageSize, langOf(request))),
  );
};
