import { principalOf } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

const tags = ['analysis'];

export const analysisRoutes: RoutePlugin = (app, { auth, analysis }) => {
  const serve = serveEndpoints(app, auth);
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).admin;

  serve(
    'analysisSummary',
    { access: 'signed-in', tags, summary: 'The pair’s analysis over a time range: changes, P&L, position cost and the series the charts draw' },
    async (request) => ok(await analysis.summary(me(request), request.query)),
  );

  serve('analysisSnapshots', { access: 'signed-in', tags, summary: 'Balance snapshots of the pair in a time range, oldest first' }, async (request) =>
    ok(await analysis.snapshots(me(request), request.query)),
  );

  serve('analysisSettings', { access: 'signed-in', tags, summary: 'Initial funds, initial token and data cycle of the pair' }, async (request) =>
    ok(await analysis.saveSettings(me(request), request.body)),
  );

  serve('analysisExport', { access: 'signed-in', tags, summary: 'The snapshots of a time range as CSV (not the envelope)' }, async (request, reply) => {
    const { fileName, csv } = await analysis.exportCsv(me(request), request.query);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(csv);
  });

  serve(
    'analysisPanel',
    { access: 'signed-in', tags, summary: 'Control panel figures from history: the account’s 24 h volume and its value’s 1 h and day change' },
    async (request) => ok(await analysis.panel(me(request), request.query.coinId)),
  );
};
