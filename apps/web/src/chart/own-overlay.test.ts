import { describe, expect, it } from 'vitest';
import { barTimeOf, fillMarkers, LABELLED_MARKERS_MAX, orderLines, parseOwnOverlay } from './own-overlay';

describe('own overlay on the candle chart', () => {
  it('accepts only a well-formed overlay message', () => {
    const ok = { type: 'ownOverlay', orders: [{ side: 'buy', price: '64980.00', label: 'Buy · Ladder A' }], fills: [{ side: 'sell', price: '65000', time: 1, label: 'Manual' }] };
    expect(parseOwnOverlay(ok)).toBe(ok);
    expect(parseOwnOverlay({ type: 'symbolChange', symbol: 'BTCUSDT' })).toBeNull();
    expect(parseOwnOverlay({ ...ok, orders: [{ side: 'hold', price: '1', label: 'x' }] })).toBeNull();
    expect(parseOwnOverlay({ ...ok, fills: [{ side: 'buy', price: '1', label: 'x' }] })).toBeNull();
    expect(parseOwnOverlay(null)).toBeNull();
  });

  it('draws one line per side and price, labels joined', () => {
    expect(
      orderLines([
        { side: 'buy', price: '64980.00', label: 'Buy · Ladder A' },
        { side: 'buy', price: '64980', label: 'Buy · Manual' },
        { side: 'buy', price: '64980', label: 'Buy · Manual' },
        { side: 'sell', price: '65010.00', label: 'Sell · Ladder A' },
      ]),
    ).toEqual([
      { side: 'buy', price: 64980, title: 'Buy · Ladder A, Buy · Manual' },
      { side: 'sell', price: 65010, title: 'Sell · Ladder A' },
    ]);
  });

  it('puts fills on the candle they fall in, one marker per side and bar, only on bars shown', () => {
    const minute = 60_000;
    expect(barTimeOf(10 * minute + 59_999, '1m')).toBe(600);
    expect(barTimeOf(10 * minute + 59_999, '5m')).toBe(600);
    const fills = [
      { side: 'buy' as const, price: '1', time: 10 * minute + 5, label: 'Manual' },
      { side: 'buy' as const, price: '1', time: 10 * minute + 9, label: 'Manual' },
      { side: 'sell' as const, price: '1', time: 10 * minute + 7, label: 'Ladder A' },
      { side: 'sell' as const, price: '1', time: 3 * minute, label: 'Ladder A' },
    ];
    const markers = fillMarkers(fills, '1m', new Set([600]), { buy: 'green', sell: 'red' });
    expect(markers).toEqual([
      { time: 600, position: 'belowBar', shape: 'arrowUp', color: 'green', text: 'Manual ×2' },
      { time: 600, position: 'aboveBar', shape: 'arrowDown', color: 'red', text: 'Ladder A' },
    ]);
  });

  it('drops the source labels when more markers are on screen than fit, keeping the counts', () => {
    const bars = Array.from({ length: LABELLED_MARKERS_MAX + 1 }, (_, i) => (i + 1) * 60);
    const fills = bars.flatMap((bar, i) => Array.from({ length: i === 0 ? 3 : 1 }, () => ({ side: 'buy' as const, price: '1', time: bar * 1000, label: 'Volume #3' })));
    const crowded = fillMarkers(fills, '1m', new Set(bars), { buy: 'green', sell: 'red' });
    expect(crowded.map((m) => m.text)).toEqual(['×3', ...Array.from({ length: LABELLED_MARKERS_MAX }, () => '')]);
    const few = fillMarkers(fills.slice(0, 4), '1m', new Set(bars), { buy: 'green', sell: 'red' });
    expect(few.map((m) => m.text)).toEqual(['Volume #3 ×3', 'Volume #3']);
  });
});
