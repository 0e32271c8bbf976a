/**
 * Times in the unit a request asks for: `X-MBX-TIME-UNIT: MICROSECOND` has every time field of the
 * answer in microseconds (klines' open and close times too), and time bounds may be sent in
 * microseconds whatever the header says.
 */
import { describe, expect, it } from 'vitest';
import { BinanceFacade, type FacadeRequest } from './binance-facade.ts';
import { hmacSha256Hex } from './signature.ts';
import { FAKE_NOW, FakeVenue } from './testing/fake-venue.ts';

const KEY = 'unit-key';
const SECRET = 'unit-secret';

function setup() {
  const venue = new FakeVenue();
  const facade = new BinanceFacade({ venue, keyFor: async (key) => (key === KEY ? { secret: SECRET } : undefined), now: () => venue.now() });
  const get = async (path: string, query = '', timeUnit?: string) => {
    const { status, body } = await facade.handle({ method: 'GET', path, query, body: '', timeUnit });
    return { status, body };
  };
  const signed = (method: string, path: string, params: string, timeUnit?: string): Promise<{ status: number; body: unknown }> => {
    const stamped = `${params}&timestamp=${venue.now()}`;
    const payload = `${stamped}&signature=${hmacSha256Hex(SECRET, stamped)}`;
    const request: FacadeRequest = method === 'POST' ? { method, path, query: '', body: payload, apiKey: KEY, timeUnit } : { method, path, query: payload, body: '', apiKey: KEY, timeUnit };
    return facade.handle(request);
  };
  return { venue, get, signed };
}

describe('X-MBX-TIME-UNIT', () => {
  it('answers times in microseconds when asked, in milliseconds otherwise', async () => {
    const { get } = setup();
    expect(await get('time', '', 'MICROSECOND')).toEqual({ status: 200, body: { serverTime: FAKE_NOW * 1000 } });
    expect(await get('time', '', 'microsecond')).toEqual({ status: 200, body: { serverTime: FAKE_NOW * 1000 } });
    expect(await get('time', '', 'MILLISECOND')).toEqual({ status: 200, body: { serverTime: FAKE_NOW } });
    expect(await get('time')).toEqual({ status: 200, body: { serverTime: FAKE_NOW } });

    const millis = (await get('trades', 'symbol=BTCUSDT')).body as { id: number; time: number; price: string }[];
    const micros = (await get('trades', 'symbol=BTCUSDT', 'MICROSECOND')).body as typeof millis;
    expect(micros).toEqual(millis.map((trade) => ({ ...trade, time: trade.time * 1000 })));
    const agg = (await get('aggTrades', 'symbol=BTCUSDT', 'MICROSECOND')).body as { T: number; a: number }[];
    expect(agg.map((t) => t.T)).toEqual(millis.map((t) => t.time * 1000));

    const klines = (await get('klines', 'symbol=BTCUSDT&interval=1m')).body as unknown[][];
    const microKlines = (await get('klines', 'symbol=BTCUSDT&interval=1m', 'MICROSECOND')).body as unknown[][];
    expect(microKlines).toEqual(klines.map((row) => row.map((value, i) => (i === 0 || i === 6 ? (value as number) * 1000 : value))));

    const ticker = (await get('ticker/24hr', 'symbol=BTCUSDT', 'MICROSECOND')).body as { openTime: number; closeTime: number; count: number };
    expect(ticker).toMatchObject({ openTime: (FAKE_NOW - 86_400_000) * 1000, closeTime: FAKE_NOW * 1000, count: 0 });
  });

  it('answers an order’s times in microseconds, and takes time bounds in microseconds', async () => {
    const { signed, venue } = setup();
    const placed = (await signed('POST', 'order', 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=29000&newOrderRespType=RESULT', 'MICROSECOND')).body as {
      transactTime: number;
      workingTime: number;
      orderId: number;
    };
    expect(placed.transactTime).toBe(venue.now() * 1000);
    expect(placed.workingTime).toBe(venue.now() * 1000);
    const query = (await signed('GET', 'order', `symbol=BTCUSDT&orderId=${placed.orderId}`, 'MICROSECOND')).body as { time: number; updateTime: number };
    expect(query).toMatchObject({ time: placed.transactTime, updateTime: placed.transactTime });

    const at = BigInt(venue.now());
    const all = async (bounds: string) => ((await signed('GET', 'allOrders', `symbol=BTCUSDT&${bounds}`)).body as unknown[]).length;
    expect(await all(`startTime=${at * 1000n}`)).toBe(1);
    // One microsecond after the order's millisecond begins: the order, stamped at the millisecond, is before it.
    expect(await all(`startTime=${at * 1000n + 1n}`)).toBe(0);
    expect(await all(`endTime=${at * 1000n + 999n}`)).toBe(1);
    expect(await all(`endTime=${at * 1000n - 1n}`)).toBe(0);
  });

  it('refuses any other unit with -1194', async () => {
    const { get } = setup();
    expect(await get('time', '', 'SECOND')).toEqual({ status: 400, body: { code: -1194, msg: 'Invalid value for time unit; expected either MICROSECOND or MILLISECOND.' } });
  });
});
