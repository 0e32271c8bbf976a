import { principalOf } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

const tags = ['liquidity'];

/** Liquidity obligations (issue 20): the main account sets them; accounts read those of the pairs they may use. */
export const liquidityRoutes: RoutePlugin = (app, { auth, liquidity }) => {
  const serve = serveEndpoints(app, auth);
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).admin;

  serve(
    'liquidityObligationSet',
    { access: 'main-account', tags, summary: 'Sets the pair’s liquidity obligation: spread cap (bps), depth band (% of mid), minimum own depth per side in it (quote), minimum two-sided uptime (%), period' },
    async (request) => ok(await liquidity.setObligation(me(request), request.body)),
  );

  serve('liquidityObligationGet', { access: 'signed-in', tags, summary: 'The pair’s liquidity obligation, or null when it has none' }, async (request) =>
    ok(await liquidity.obligation(me(request), request.query.coinId)),
  );

  serve(
    'liquiditySummary',
    {
      access: 'signed-in',
      tags,
      summary: 'The pair’s market quality over [from, to) from its one-minute rows: spread quantiles, depth, two-sided uptime (gaps count as down), shares, breaches',
    },
    async (request) => ok(await liquidity.summary(me(request), request.query)),
  );

  serve(
    'liquidityReport',
    {
      access: 'signed-in',
      tags,
      summary:
        'The printable report in one answer: the obligation, the period’s summary (as GET /liquidity/summary) and verdict, and its table hour by hour (ranges up to 48 UTC hours) or day by day (up to 62 UTC days), each row the summary of its part',
    },
    async (request) => ok(await liquidity.report(me(request), request.query)),
  );

  serve(
    'liquidityReportCsv',
    {
      access: 'signed-in',
      tags,
      summary:
        'The summary’s range hour by hour (UTC) as CSV (not the envelope): `# key,value` lines state the pair, the range, the obligation and the period’s figures; then a header row and one row per hour, each the summary of that hour',
    },
    async (request, reply) => {
      const { fileName, csv } = await liquidity.reportCsv(me(request), request.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(csv);
    },
  );
};
