/**
 * What a key may do: the facade asks the venue about the key on every call that carries one (with
 * the caller's address), refuses a key it is not given, and keeps a key to the markets it permits,
 * account-wide reads included.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BinanceFacade, type FacadeKey, type FacadeRequest } from './binance-facade.ts';
import { hmacSha256Hex } from './signature.ts';
import { FakeVenue } from './testing/fake-venue.ts';

const KEY = 'access-key';
const SECRET = 'access-secret';
const REJECTED = { status: 401, body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } };
const NOT_PERMITTED = 'This symbol is not permitted for this account.';

let venue: FakeVenue;
let facade: BinanceFacade;
/** What the venue answers for KEY: changed by each test. */
let key: FacadeKey | undefined;
const asked: { apiKey: string; clientIp: string | undefined }[] = [];

beforeEach(() => {
  venue = new FakeVenue();
  key = { secret: SECRET, permits: (symbol) => symbol === 'BTC/USDT' };
  asked.length = 0;
  facade = new BinanceFacade({
    venue,
    now: () => venue.now(),
    keyFor: async (apiKey, clientIp) => {
      asked.push({ apiKey, clientIp });
      return apiKey === KEY ? key : undefined;
    },
  });
});

function signed(method: string, path: string, params = '', clientIp = '198.51.100.7'): FacadeRequest {
  const stamped = `${params ? `${params}&` : ''}timestamp=${venue.now()}`;
  const query = `${stamped}&signature=${hmacSha256Hex(SECRET, stamped)}`;
  return method === 'POST' ? { method, path, query: '', body: query, apiKey: KEY, clientIp } : { method, path, query, body: '', apiKey: KEY, clientIp };
}

const limit = (symbol: string, price: string, quantity: string, id: string) => `symbol=${symbol}&side=BUY&type=LIMIT&timeInForce=GTC&quantity=${quantity}&price=${price}&newClientOrderId=${id}`;

describe('the key the venue answers', () => {
  it('is asked with the caller’s address, on signed calls and on public calls that carry a key', async () => {
    expect((await facade.handle(signed('GET', 'account'))).status).toBe(200);
    expect((await facade.handle({ method: 'GET', path: 'depth', query: 'symbol=BTCUSDT', body: '', apiKey: KEY, clientIp: '198.51.100.7' })).status).toBe(200);
    expect(asked).toEqual([
      { apiKey: KEY, clientIp: '198.51.100.7' },
      { apiKey: KEY, clientIp: '198.51.100.7' },
    ]);
    // Without a key a public call asks nothing.
    expect((await facade.handle({ method: 'GET', path: 'depth', query: 'symbol=BTCUSDT', body: '' })).status).toBe(200);
    expect(asked).toHaveLength(2);
  });

  it('once withdrawn (revoked, or not for this address), refuses every call with -2015, public ones with the key included', async () => {
    key = undefined;
    for (const request of [
      signed('GET', 'account'),
      signed('POST', 'order', limit('BTCUSDT', '29000.00', '0.0010', 'gone1')),
      signed('GET', 'openOrders'),
      signed('GET', 'capital/config/getall'),
      { method: 'GET', path: 'depth', query: 'symbol=BTCUSDT', body: '', apiKey: KEY },
      { method: 'GET', path: 'ping', query: '', body: '', apiKey: KEY },
    ]) {
      expect(withoutHeaders(await facade.handle(request)), request.path).toEqual(REJECTED);
    }
    expect(await (venue.account(KEY).fetchOpenOrders('BTC/USDT'))).toEqual([]);
  });
});

describe('the markets a key may touch', () => {
  it('places, queries and cancels on a permitted symbol', async () => {
    const placed = await facade.handle(signed('POST', 'order', limit('BTCUSDT', '29000.00', '0.0010', 'btc1')));
    expect(placed.status).toBe(200);
    expect((await facade.handle(signed('GET', 'order', 'symbol=BTCUSDT&origClientOrderId=btc1'))).status).toBe(200);
    expect((await facade.handle(signed('DELETE', 'order', 'symbol=BTCUSDT&origClientOrderId=btc1'))).status).toBe(200);
  });

  it('refuses every call on another symbol with Binance’s text, under the action’s code, and touches nothing', async () => {
    const eth = venue.account(KEY);
    const resting = await eth.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'limit', timeInForce: 'GTC', amount: '0.010', price: '1900.00', clientOrderId: 'eth-resting' });
    const cases: [FacadeRequest, number][] = [
      [signed('POST', 'order', limit('ETHUSDT', '1900.00', '0.010', 'eth1')), -2010],
      [signed('POST', 'order/test', limit('ETHUSDT', '1900.00', '0.010', 'eth2')), -2010],
      [signed('GET', 'order', `symbol=ETHUSDT&orderId=${resting.orderNo}`), -1010],
      [signed('DELETE', 'order', `symbol=ETHUSDT&orderId=${resting.orderNo}`), -2011],
      [signed('DELETE', 'openOrders', 'symbol=ETHUSDT'), -2011],
      [signed('GET', 'openOrders', 'symbol=ETHUSDT'), -1010],
      [signed('GET', 'allOrders', 'symbol=ETHUSDT'), -1010],
      [signed('GET', 'myTrades', 'symbol=ETHUSDT'), -1010],
      [signed('GET', 'asset/tradeFee', 'symbol=ETHUSDT'), -1010],
    ];
    for (const [request, code] of cases) {
      expect(withoutHeaders(await facade.handle(request)), `${request.method} ${request.path}`).toEqual({ status: 400, body: { code, msg: NOT_PERMITTED } });
    }
    expect((await eth.fetchOpenOrders('ETH/USDT')).map((o) => [o.clientOrderId, o.status])).toEqual([['eth-resting', 'pending']]);
    // An unlisted symbol is still -1121: the venue's listing is public.
    expect((await facade.handle(signed('GET', 'openOrders', 'symbol=DOGEUSDT'))).body).toEqual({ code: -1121, msg: 'Invalid symbol.' });
  });

  it('lists only permitted markets’ orders and fees when no symbol is named', async () => {
    await venue.account(KEY).placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'limit', timeInForce: 'GTC', amount: '0.010', price: '1900.00', clientOrderId: 'eth-hidden' });
    await facade.handle(signed('POST', 'order', limit('BTCUSDT', '29000.00', '0.0010', 'btc-shown')));
    const open = await facade.handle(signed('GET', 'openOrders'));
    expect((open.body as { symbol: string; clientOrderId: string }[]).map((o) => [o.symbol, o.clientOrderId])).toEqual([['BTCUSDT', 'btc-shown']]);
    const fees = await facade.handle(signed('GET', 'asset/tradeFee'));
    expect((fees.body as { symbol: string }[]).map((f) => f.symbol)).toEqual(['BTCUSDT']);

    // A key without a rule touches every market.
    key = { secret: SECRET };
    const all = await facade.handle(signed('GET', 'openOrders'));
    expect((all.body as { symbol: string }[]).map((o) => o.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
  });
});

/** The status and body of an answer (its limit headers are limits.test.ts's and the HTTP tests' business). */
function withoutHeaders({ status, body }: { status: number; body: unknown }) {
  return { status, body };
}
