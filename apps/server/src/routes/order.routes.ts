import {
  addOrderRequest,
  addOrderResponse,
  apiVerifyRequest,
  apiVerifyResponse,
  cancelOrderListRequest,
  cancelOrderListResponse,
  cancelOrderRequest,
  candlesQuery,
  candlesResponse,
  coinScopedQuery,
  generateOrdersRequest,
  generateOrdersResponse,
  myTradesResponse,
  order,
  orderBookQuery,
  orderBookResponse,
  paths,
  performTradesRequest,
  priceResponse,
  tradeListQuery,
  tradesListResponse,
  walletResponse,
} from '@makerdesk/contract';
import { z } from 'zod';
import { principalOf, signedIn } from '../http/auth-guard.ts';
import { langOf, ok } from '../http/envelope.ts';
import { replies, type RoutePlugin } from './route-kit.ts';

const tags = ['order'];

export const orderRoutes: RoutePlugin = (app, { auth, orders }) => {
  const authed = signedIn(auth);
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request).admin;

  app.get(paths.getOrders, { onRequest: authed, schema: { tags, summary: 'Open orders on the pair', querystring: coinScopedQuery, response: replies(z.array(order)) } }, async (request) =>
    ok(await orders.openOrders(me(request), request.query.coinId)),
  );

  app.get(paths.getHistoryOrders, { onRequest: authed, schema: { tags, summary: 'Closed orders on the pair, newest first', querystring: coinScopedQuery, response: replies(z.array(order)) } }, async (request) =>
    ok(await orders.historyOrders(me(request), request.query.coinId)),
  );

  app.post(paths.addOrder, { onRequest: authed, schema: { tags, summary: 'Place a limit or market order', body: addOrderRequest, response: replies(addOrderResponse) } }, async (request) => {
    const placed = await orders.add(me(request), request.body);
    return ok({ orderNo: placed.orderNo, order: placed });
  });

  app.post(paths.cancelOrder, { onRequest: authed, schema: { tags, summary: 'Cancel one order', body: cancelOrderRequest, response: replies(order) } }, async (request) =>
    ok(await orders.cancel(me(request), request.body.coinId, request.body.orderNo)),
  );

  app.get(paths.trade, { onRequest: authed, schema: { tags, summary: 'Your fills on the pair, newest first', querystring: tradeListQuery, response: replies(myTradesResponse) } }, async (request) =>
    ok(await orders.myTrades(me(request), request.query.coinId, request.query.limit)),
  );

  app.get(paths.wallet, { onRequest: authed, schema: { tags, summary: 'Balances of the pair’s assets (and all others)', querystring: coinScopedQuery, response: replies(walletResponse) } }, async (request) =>
    ok(await orders.wallet(me(request), request.query.coinId)),
  );

  app.get(paths.candles, { onRequest: authed, schema: { tags, summary: 'Candles, oldest first', querystring: candlesQuery, response: replies(candlesResponse) } }, async (request) =>
    ok(await orders.candles(me(request), request.query.coinId, request.query.interval, request.query.limit)),
  );

  app.get(paths.orderBook, { onRequest: authed, schema: { tags, summary: 'Order book, best first', querystring: orderBookQuery, response: replies(orderBookResponse) } }, async (request) =>
    ok(await orders.orderBook(me(request), request.query.coinId, request.query.depth)),
  );

  app.get(paths.orderBookOther, { onRequest: authed, schema: { tags, summary: 'The reference venue’s book (other side)', querystring: orderBookQuery, response: replies(orderBookResponse) } }, async (request) =>
    ok(await orders.otherSideBook(me(request), request.query.coinId, request.query.depth)),
  );

  app.post(paths.performTrades, { onRequest: authed, schema: { tags, summary: 'Manual match: an immediate-or-cancel order at a limit price', querystring: coinScopedQuery, body: performTradesRequest, response: replies(order) } }, async (request) =>
    ok(await orders.performTrade(me(request), request.query.coinId, request.body)),
  );

  app.get(paths.tradesList, { onRequest: authed, schema: { tags, summary: 'Recent public trades, newest first', querystring: tradeListQuery, response: replies(tradesListResponse) } }, async (request) =>
    ok(await orders.publicTrades(me(request), request.query.coinId, request.query.limit)),
  );

  app.post(paths.generateOrders, { onRequest: authed, schema: { tags, summary: 'Batch orders: split an amount across a price range', querystring: coinScopedQuery, body: generateOrdersRequest, response: replies(generateOrdersResponse) } }, async (request) =>
    ok(await orders.generate(me(request), request.query.coinId, request.body)),
  );

  app.post(paths.cancelOrderList, { onRequest: authed, schema: { tags, summary: 'Cancel the open orders in a price range', body: cancelOrderListRequest, response: replies(cancelOrderListResponse) } }, async (request) => {
    const { coinId, minPrice, maxPrice, direction } = request.body;
    return ok(await orders.cancelRange(me(request), coinId, minPrice, maxPrice, direction));
  });

  app.post(paths.apiVerify, { onRequest: authed, schema: { tags, summary: 'Check the pair’s API key against its venue', body: apiVerifyRequest, response: replies(apiVerifyResponse) } }, async (request) =>
    ok(await orders.verify(me(request), request.body.coinId, langOf(request))),
  );

  app.get(paths.getPrice, { onRequest: authed, schema: { tags, summary: 'Last, bid, ask and reference price', querystring: coinScopedQuery, response: replies(priceResponse) } }, async (request) =>
    ok(await orders.price(me(request), request.query.coinId)),
  );

};
