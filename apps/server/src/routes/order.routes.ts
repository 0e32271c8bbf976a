import { principalOf } from '../http/auth-guard.ts';
import { langOf, ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

const tags = ['order'];

export const orderRoutes: RoutePlugin = (app, { auth, orders }) => {
  const serve = serveEndpoints(app, auth);
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).admin;

  serve('getOrders', { access: 'signed-in', tags, summary: 'Open orders on the pair' }, async (request) =>
    ok(await orders.openOrders(me(request), request.query.coinId, langOf(request), request.query)),
  );

  serve('getHistoryOrders', { access: 'signed-in', tags, summary: 'Closed orders on the pair, newest first' }, async (request) =>
    ok(await orders.historyOrders(me(request), request.query.coinId, langOf(request), request.query)),
  );

  serve('addOrder', { access: 'signed-in', tags, summary: 'Place a limit or market order' }, async (request) => {
    const placed = await orders.add(me(request), request.body);
    return ok({ orderNo: placed.orderNo, order: placed });
  });

  serve('cancelOrder', { access: 'signed-in', tags, summary: 'Cancel one order' }, async (request) =>
    ok(await orders.cancel(me(request), request.body.coinId, request.body.orderNo, langOf(request))),
  );

  serve('trade', { access: 'signed-in', tags, summary: 'Your fills on the pair, newest first' }, async (request) =>
    ok(await orders.myTrades(me(request), request.query.coinId, request.query.limit, langOf(request), request.query)),
  );

  serve('wallet', { access: 'signed-in', tags, summary: 'Balances of the pair’s assets (and all others)' }, async (request) =>
    ok(await orders.wallet(me(request), request.query.coinId)),
  );

  serve('candles', { access: 'signed-in', tags, summary: 'Candles, oldest first' }, async (request) =>
    ok(await orders.candles(me(request), request.query.coinId, request.query.interval, request.query.limit)),
  );

  serve('orderBook', { access: 'signed-in', tags, summary: 'Order book, best first' }, async (request) =>
    ok(await orders.orderBook(me(request), request.query.coinId, request.query.depth)),
  );

  serve('orderBookOther', { access: 'signed-in', tags, summary: 'The reference venue’s book (other side)' }, async (request) =>
    ok(await orders.otherSideBook(me(request), request.query.coinId, request.query.depth)),
  );

  serve('performTrades', { access: 'signed-in', tags, summary: 'Manual match: an immediate-or-cancel order at a limit price' }, async (request) =>
    ok(await orders.performTrade(me(request), request.query.coinId, request.body)),
  );

  serve('tradesList', { access: 'signed-in', tags, summary: 'Recent public trades, newest first' }, async (request) =>
    ok(await orders.publicTrades(me(request), request.query.coinId, request.query.limit)),
  );

  serve('generateOrders', { access: 'signed-in', tags, summary: 'Batch orders: split an amount across a price range' }, async (request) =>
    ok(await orders.generate(me(request), request.query.coinId, request.body)),
  );

  serve('cancelOrderList', { access: 'signed-in', tags, summary: 'Cancel the open orders in a price range' }, async (request) => {
    const { coinId, minPrice, maxPrice, direction } = request.body;
    return ok(await orders.cancelRange(me(request), coinId, langOf(request), minPrice, maxPrice, direction));
  });

  serve('apiVerify', { access: 'signed-in', tags, summary: 'Check the pair’s API key against its venue' }, async (request) =>
    ok(await orders.verify(me(request), request.body.coinId, langOf(request))),
  );

  serve('getPrice', { access: 'signed-in', tags, summary: 'Last, bid, ask and reference price' }, async (request) =>
    ok(await orders.price(me(request), request.query.coinId)),
  );
};
