import { analysisExportReply, analysisPanel, analysisRangeQuery, analysisSettings, analysisSettingsRequest, analysisSnapshotsResponse, analysisSummary, coinScopedQuery, paths } from '@makerdesk/contract';
import { principalOf, signedIn } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

const tags = ['analysis'];

export const analysisRoutes: RoutePlugin = (app, { auth, analysis }) => {
  const authed = signedIn(auth);
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).admin;

  app.get(
    paths.analysisSummary,
    { onRequest: authed, schema: { tags, summary: 'The pair’s analysis over a time range: changes, P&L, position cost and the series the charts draw', querystring: analysisRangeQuery, response: replies(analysisSummary) } },
    async (request) => ok(await analysis.summary(me(request), request.query)),
  );

  app.get(
    paths.analysisSnapshots,
    { onRequest: authed, schema: { tags, summary: 'Balance snapshots of the pair in a time range, oldest first', querystring: analysisRangeQuery, response: replies(analysisSnapshotsResponse) } },
    async (request) => ok(await analysis.snapshots(me(request), request.query)),
  );

  app.put(
    paths.analysisSettings,
    { onRequest: authed, schema: { tags, summary: 'Initial funds, initial token and data cycle of the pair', body: analysisSettingsRequest, response: replies(analysisSettings) } },
    async (request) => ok(await analysis.saveSettings(me(request), request.body)),
  );

  app.get(
    paths.analysisExport,
    { onRequest: authed, schema: { tags, summary: 'The snapshots of a time range as CSV (not the envelope)', querystring: analysisRangeQuery, response: { 200: analysisExportReply } } },
    async (request, reply) => {
      const { fileName, csv } = await analysis.exportCsv(me(request), request.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(csv);
    },
  );

  app.get(
    paths.analysisPanel,
    { onRequest: authed, schema: { tags, summary: 'Control panel figures from history: the account’s 24 h volume and its value’s 1 h and day change', querystring: coinScopedQuery, response: replies(analysisPanel) } },
    async (request) => ok(await analysis.panel(me(request), request.query.coinId)),
  );
};
