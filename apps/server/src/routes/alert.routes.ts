import {
  alertChannelAddRequest,
  alertChannelIdParams,
  alertChannelListResponse,
  alertChannelTestRequest,
  alertChannelTestResponse,
  alertChannelUpdateRequest,
  alertChannelView,
  alertListQuery,
  alertListResponse,
  paths,
} from '@makerdesk/contract';
import { principalOf, signedIn } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { nothing, replies, type RoutePlugin } from './route-kit.ts';

const tags = ['alert'];

/** Alert channels of the caller's account and the alerts sent through them (Risk control screen). */
export const alertRoutes: RoutePlugin = (app, { auth, alertChannels }) => {
  const authed = signedIn(auth);

  app.get(paths.alertChannelList, { onRequest: authed, schema: { tags, summary: 'Your alert channels (secrets never returned)', response: replies(alertChannelListResponse) } }, async (request) =>
    ok(await alertChannels.listChannels(principalOf(request).admin)),
  );
  app.post(paths.alertChannelAdd, { onRequest: authed, schema: { tags, summary: 'Add a Telegram, webhook or e-mail channel (its secret sealed at rest)', body: alertChannelAddRequest, response: replies(alertChannelView) } }, async (request) =>
    ok(await alertChannels.addChannel(principalOf(request).admin, request.body)),
  );
  app.put(paths.alertChannelUpdate, { onRequest: authed, schema: { tags, summary: 'Change a channel; a blank secret keeps the stored one', body: alertChannelUpdateRequest, response: replies(alertChannelView) } }, async (request) =>
    ok(await alertChannels.updateChannel(principalOf(request).admin, request.body)),
  );
  app.delete(paths.alertChannelById, { onRequest: authed, schema: { tags, summary: 'Delete a channel (its past deliveries stay)', params: alertChannelIdParams, response: replies(nothing) } }, async (request) =>
    ok(await alertChannels.deleteChannel(principalOf(request).admin, request.params.id)),
  );
  app.post(paths.alertChannelTest, { onRequest: authed, schema: { tags, summary: "Send a test message through a channel; answers its delivery", body: alertChannelTestRequest, response: replies(alertChannelTestResponse) } }, async (request) =>
    ok(await alertChannels.testChannel(principalOf(request).admin, request.body.id, request.body.coinId)),
  );
  app.get(paths.alertList, { onRequest: authed, schema: { tags, summary: "The pair's recent alerts with each channel's delivery", querystring: alertListQuery, response: replies(alertListResponse) } }, async (request) =>
    ok(await alertChannels.listAlerts(principalOf(request).admin, request.query.coinId, request.query.current, request.query.pageSize)),
  );
};
