import {
  emergencyStopPreviewQuery,
  emergencyStopPreviewResponse,
  emergencyStopRequest,
  emergencyStopResponse,
  paths,
  robot,
  robotByIdQuery,
  robotDetail,
  robotFiguresResponse,
  robotIdParams,
  robotInitListQuery,
  robotInitListResponse,
  robotListQuery,
  robotListResponse,
  robotUpdateRequest,
  robotUpdateResponse,
} from '@makerdesk/contract';
import { principalOf, signedIn } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

/** Spec §7 robot calls. The static paths (list, update, init/list, detail, 1h, today) are matched before `/robot/:id`. */
export const robotRoutes: RoutePlugin = (app, { auth, robots, emergencyStop }) => {
  const guard = signedIn(auth);
  const tags = ['robot'];
  app.get(paths.robotList, { onRequest: guard, schema: { tags, summary: "The caller's bots on a pair, with runtime and figures", querystring: robotListQuery, response: replies(robotListResponse) } }, async (request) =>
    ok(await robots.list(principalOf(request).admin, request.query.coinId)),
  );
  app.put(paths.robotUpdate, { onRequest: guard, schema: { tags, summary: 'Create or change a bot, switch it on or off', body: robotUpdateRequest, response: replies(robotUpdateResponse) } }, async (request) =>
    ok(await robots.update(principalOf(request).admin, request.body)),
  );
  app.post(
    paths.robotEmergencyStop,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "Emergency stop: every bot of the pair the caller may stop is switched off and its orders cancelled (manual orders only with cancelManual); answers when the last cancel is acknowledged",
        body: emergencyStopRequest,
        response: replies(emergencyStopResponse),
      },
    },
    async (request) => ok(await emergencyStop.stopFor(principalOf(request).admin, request.body.coinId, request.body.cancelManual ?? false)),
  );
  app.get(paths.robotEmergencyStopPreview, { onRequest: guard, schema: { tags, summary: 'What an emergency stop of the pair would reach now', querystring: emergencyStopPreviewQuery, response: replies(emergencyStopPreviewResponse) } }, async (request) =>
    ok(await emergencyStop.preview(principalOf(request).admin, request.query.coinId)),
  );
  app.get(paths.robotInitList, { onRequest: guard, schema: { tags, summary: 'Bot types with config schema and defaults for the pair', querystring: robotInitListQuery, response: replies(robotInitListResponse) } }, async (request) =>
    ok(await robots.typeList(principalOf(request).admin, request.query.coinId)),
  );
  app.get(paths.robotDetail, { onRequest: guard, schema: { tags, summary: 'A bot with its open orders and recent log', params: robotIdParams, response: replies(robotDetail) } }, async (request) =>
    ok(await robots.detail(principalOf(request).admin, request.params.id)),
  );
  app.get(paths.robotLastHour, { onRequest: guard, schema: { tags, summary: "A bot's figures of the last hour", params: robotIdParams, querystring: robotByIdQuery, response: replies(robotFiguresResponse) } }, async (request) =>
    ok(await robots.lastHour(principalOf(request).admin, request.params.id, request.query.coinId)),
  );
  app.get(paths.robotToday, { onRequest: guard, schema: { tags, summary: "A bot's figures since 00:00 UTC", params: robotIdParams, querystring: robotByIdQuery, response: replies(robotFiguresResponse) } }, async (request) =>
    ok(await robots.today(principalOf(request).admin, request.params.id, request.query.coinId)),
  );
  app.get(paths.robotById, { onRequest: guard, schema: { tags, summary: 'A bot with runtime and figures', params: robotIdParams, querystring: robotByIdQuery, response: replies(robot) } }, async (request) =>
    ok(await robots.get(principalOf(request).admin, request.params.id, request.query.coinId)),
  );
};
