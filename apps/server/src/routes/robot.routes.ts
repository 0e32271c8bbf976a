import { principalOf } from '../http/auth-guard.ts';
import { langOf, ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

/** Spec §7 robot calls. The static paths (list, update, init/list, detail, 1h, today) are matched before `/robot/:id`. */
export const robotRoutes: RoutePlugin = (app, { auth, robots, emergencyStop, referencePrices }) => {
  const serve = serveEndpoints(app, auth);
  const tags = ['robot'];
  serve('robotList', { access: 'signed-in', tags, summary: "The caller's bots on a pair, with runtime and figures" }, async (request) =>
    ok(await robots.list(principalOf(request).admin, request.query.coinId, langOf(request))),
  );
  serve('robotUpdate', { access: 'signed-in', tags, summary: 'Create or change a bot, switch it on or off' }, async (request) =>
    ok(await robots.update(principalOf(request).admin, request.body)),
  );
  serve(
    'robotEmergencyStop',
    {
      access: 'signed-in',
      tags,
      summary: "Emergency stop: every bot of the pair the caller may stop is switched off and its orders cancelled (manual orders only with cancelManual); answers when the last cancel is acknowledged",
    },
    async (request) => ok(await emergencyStop.stopFor(principalOf(request).admin, request.body.coinId, request.body.cancelManual ?? false, langOf(request))),
  );
  serve('robotEmergencyStopPreview', { access: 'signed-in', tags, summary: 'What an emergency stop of the pair would reach now' }, async (request) =>
    ok(await emergencyStop.preview(principalOf(request).admin, request.query.coinId)),
  );
  serve('robotInitList', { access: 'signed-in', tags, summary: 'Bot types with config schema and defaults for the pair' }, async (request) =>
    ok(await robots.typeList(principalOf(request).admin, request.query.coinId)),
  );
  serve('robotReferencePrice', { access: 'signed-in', tags, summary: "A followed pair's public price on its platform, for the form's 5 % price-gap check (cached a few seconds)" }, async (request) => {
    const { platform, symbol } = request.query;
    const { price, at } = await referencePrices.price({ platform, symbol });
    return ok({ platform, symbol, price, at });
  });
  serve('robotDetail', { access: 'signed-in', tags, summary: 'A bot with its open orders and recent log' }, async (request) =>
    ok(await robots.detail(principalOf(request).admin, request.params.id, langOf(request))),
  );
  serve('robotLastHour', { access: 'signed-in', tags, summary: "A bot's figures of the last hour" }, async (request) =>
    ok(await robots.lastHour(principalOf(request).admin, request.params.id, request.query.coinId)),
  );
  serve('robotToday', { access: 'signed-in', tags, summary: "A bot's figures since 00:00 UTC" }, async (request) =>
    ok(await robots.today(principalOf(request).admin, request.params.id, request.query.coinId)),
  );
  serve('robotById', { access: 'signed-in', tags, summary: 'A bot with runtime and figures' }, async (request) =>
    ok(await robots.get(principalOf(request).admin, request.params.id, request.query.coinId, langOf(request))),
  );
};
