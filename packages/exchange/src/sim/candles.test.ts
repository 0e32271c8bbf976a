import { beforeEach, describe, expect, it } from 'vitest';
import { CandleSeries, bucketStart } from './candles.ts';

const H = 1_699_999_200_000; // an hour boundary
const M = 60_000;

/** Trade ids in the order the trades are added. */
let lastId = 0;
const id = () => (lastId += 1);

describe('CandleSeries', () => {
  beforeEach(() => {
    lastId = 0;
  });

  it('aggregates trades into candles of every interval', () => {
    const series = new CandleSeries();
    series.add(H + 1_000, 100, 2, 200n, id());
    series.add(H + 20_000, 105, 1, 105n, id());
    series.add(H + 59_999, 98, 3, 294n, id());
    series.add(H + M, 101, 1, 101n, id());
    series.add(H + 5 * M + 1, 99, 4, 396n, id());

    expect(series.candles('1m')).toEqual([
      { time: H, open: 100, high: 105, low: 98, close: 98, volume: 6n, quoteVolume: 599n, trades: 3, firstTradeId: 1, lastTradeId: 3 },
      { time: H + M, open: 101, high: 101, low: 101, close: 101, volume: 1n, quoteVolume: 101n, trades: 1, firstTradeId: 4, lastTradeId: 4 },
      { time: H + 5 * M, open: 99, high: 99, low: 99, close: 99, volume: 4n, quoteVolume: 396n, trades: 1, firstTradeId: 5, lastTradeId: 5 },
    ]);
    expect(series.candles('5m')).toEqual([
      { time: H, open: 100, high: 105, low: 98, close: 101, volume: 7n, quoteVolume: 700n, trades: 4, firstTradeId: 1, lastTradeId: 4 },
      { time: H + 5 * M, open: 99, high: 99, low: 99, close: 99, volume: 4n, quoteVolume: 396n, trades: 1, firstTradeId: 5, lastTradeId: 5 },
    ]);
    expect(series.candles('1h')).toEqual([{ time: H, open: 100, high: 105, low: 98, close: 99, volume: 11n, quoteVolume: 1096n, trades: 5, firstTradeId: 1, lastTradeId: 5 }]);
    expect(series.candles('1d')).toHaveLength(1);
    expect(series.candles('1d')[0]!.time).toBe(bucketStart(H, 86_400_000));
  });

  it('selects from `since` on, or the newest, up to `limit`', () => {
    const series = new CandleSeries();
    for (let i = 0; i < 5; i++) series.add(H + i * M, 100 + i, 1, 1n, id());
    const times = (list: { time: number }[]) => list.map((c) => (c.time - H) / M);
    expect(times(series.candles('1m', { limit: 2 }))).toEqual([3, 4]);
    expect(times(series.candles('1m', { since: H + M + 1 }))).toEqual([2, 3, 4]);
    expect(times(series.candles('1m', { since: H + M, limit: 2 }))).toEqual([1, 2]);
    expect(times(series.candles('1m', { since: H + 9 * M }))).toEqual([]);
  });

  it('keeps the newest `capacity` candles per interval', () => {
    const series = new CandleSeries(3);
    for (let i = 0; i < 5; i++) series.add(H + i * M, 100, 1, 1n, id());
    expect(series.candles('1m').map((c) => c.time)).toEqual([H + 2 * M, H + 3 * M, H + 4 * M]);
    expect(series.candles('5m')).toHaveLength(1);
  });

  it('puts a trade older than the newest candle into its own bucket without moving open or close', () => {
    const series = new CandleSeries();
    series.add(H, 100, 1, 100n, id());
    series.add(H + 2 * M, 102, 1, 102n, id());
    series.add(H + 10, 120, 1, 120n, id());
    series.add(H + M, 90, 1, 90n, id());
    expect(series.candles('1m')).toEqual([
      { time: H, open: 100, high: 120, low: 100, close: 100, volume: 2n, quoteVolume: 220n, trades: 2, firstTradeId: 1, lastTradeId: 3 },
      { time: H + M, open: 90, high: 90, low: 90, close: 90, volume: 1n, quoteVolume: 90n, trades: 1, firstTradeId: 4, lastTradeId: 4 },
      { time: H + 2 * M, open: 102, high: 102, low: 102, close: 102, volume: 1n, quoteVolume: 102n, trades: 1, firstTradeId: 2, lastTradeId: 2 },
    ]);
  });

  it('rolls 24 hours of 1m candles up to now', () => {
    const series = new CandleSeries(2000);
    expect(series.rolling24h(H)).toBeNull();
    series.add(H, 100, 1, 100n, id());
    series.add(H + 10 * M, 110, 2, 220n, id());
    series.add(H + 1439 * M, 90, 3, 270n, id());
    expect(series.rolling24h(H + 1439 * M + 5)).toEqual({ open: 100, high: 110, low: 90, volume: 6n, quoteVolume: 590n, trades: 3, firstTradeId: 1, lastTradeId: 3 });
    // One minute later the first bucket has left the window.
    expect(series.rolling24h(H + 1440 * M)).toEqual({ open: 110, high: 110, low: 90, volume: 5n, quoteVolume: 490n, trades: 2, firstTradeId: 2, lastTradeId: 3 });
    expect(series.rolling24h(H + 3 * 1440 * M)).toBeNull();
  });

  it('round-trips through JSON and refuses malformed candles', () => {
    const series = new CandleSeries();
    series.add(H, 100, 1, 10n ** 30n, id());
    series.add(H + 3 * M, 101, 2, 5n, id());
    const copy = CandleSeries.fromJSON(JSON.parse(JSON.stringify(series.toJSON())));
    expect(copy.toJSON()).toEqual(series.toJSON());
    expect(copy.candles('1m')).toEqual(series.candles('1m'));
    expect(() => CandleSeries.fromJSON({ '1m': [[H, 1, 1, 1]] })).toThrow(/7- or 10-tuple/);
    expect(() => CandleSeries.fromJSON({ '1m': [[H, 1, 1, 1, 1, '1', '1', -1, null, null]] })).toThrow(/trade count/);
    expect(() => CandleSeries.fromJSON({ '1m': [[H, 1, 1, 1, 1, '1', '1', 1, 0, 1]] })).toThrow(/trade id/);
    expect(() => CandleSeries.fromJSON({ '1m': [[H, 1, 1, 1, 1, '-1', '0']] })).toThrow(/unsigned/);
    expect(() => CandleSeries.fromJSON({ '1m': [[H, 1, 1, 1, 1, '1', '1'], [H, 1, 1, 1, 1, '1', '1']] })).toThrow(/time order/);
    expect(() => CandleSeries.fromJSON([])).toThrow(/object/);
  });

  it('reads candles a snapshot kept before trade counts: no trades counted, no ids', () => {
    const old = CandleSeries.fromJSON({ '1m': [[H, 100, 101, 99, 100, '5', '500']] });
    expect(old.candles('1m')).toEqual([{ time: H, open: 100, high: 101, low: 99, close: 100, volume: 5n, quoteVolume: 500n, trades: 0, firstTradeId: null, lastTradeId: null }]);
    old.add(H + 10, 102, 1, 102n, 7);
    expect(old.rolling24h(H + 20)).toMatchObject({ volume: 6n, trades: 1, firstTradeId: 7, lastTradeId: 7 });
  });
});
