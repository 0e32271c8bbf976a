import { principalOf } from '../http/auth-guard.ts';
import { langOf, ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

const tags = ['desk'];

/** The desk's P&L and fills ledger (DESK.md "P&L"): every read is the signed-in account's own. */
export const deskRoutes: RoutePlugin = (app, { auth, desk }) => {
  const serve = serveEndpoints(app, auth);
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).admin;

  serve(
    'deskPnl',
    { access: 'signed-in', tags, summary: 'The desk’s P&L on the pair for a window (1h, today, 7d, all): total = realised + unrealised change − fees, per bot and manual' },
    async (request) => ok(await desk.pnl(me(request), request.query, langOf(request))),
  );

  serve(
    'deskPnlAll',
    { access: 'signed-in', tags, summary: 'The desk’s P&L across its pairs for a window: each pair it trades (with fills or bots) and totals per quote asset; a pair that fails shows why' },
    async (request) => ok(await desk.pnlAll(me(request), request.query, langOf(request))),
  );

  serve('deskFills', { access: 'signed-in', tags, summary: 'The fills ledger of the pair, newest first: bots’ and manual fills with fee, fee asset, fee in quote, source and order number' }, async (request) =>
    ok(await desk.fills(me(request), request.query, langOf(request))),
  );

  serve('deskEquity', { access: 'signed-in', tags, summary: 'The equity curve (cumulative total P&L over time) of the desk or of one bot, and its daily P&L' }, async (request) =>
    ok(await desk.equity(me(request), request.query)),
  );

  serve('deskFillsCsv', { access: 'signed-in', tags, summary: 'The fills ledger with the same filters as CSV (not the envelope)' }, async (request, reply) => {
    const { fileName, csv } = await desk.fillsCsv(me(request), request.query, langOf(request));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(csv);
  });
};
