import { renderServerText, text } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { baseShare, grouped, LiveFigures, orderToFill, ownQuote, percentMove, perMinute, RollingCounter, spreadBps, withUnit } from './live-figures.ts';

describe('live figures', () => {
  it('spread in basis points of the mid, exact decimals', () => {
    expect(spreadBps('99.95', '100.05')).toBe('10');
    // 3.1876…: cut toward zero as every screen shows a spread (the display rule), never 3.19.
    expect(spreadBps('64300', '64320.5')).toBe('3.18');
    expect(spreadBps('0.1', '0.3')).toBe('10000');
    expect(spreadBps(null, '1')).toBeNull();
    expect(spreadBps('1', null)).toBeNull();
    expect(spreadBps('0', '0')).toBeNull();
  });

  it("the bot's quote is its highest bid and lowest ask; an empty side is null", () => {
    const orders = [
      { side: 'buy' as const, price: '99.9' },
      { side: 'buy' as const, price: '99.95' },
      { side: 'sell' as const, price: '100.1' },
      { side: 'sell' as const, price: '100.05' },
    ];
    expect(ownQuote(orders)).toEqual({ bid: '99.95', ask: '100.05', spreadBps: '10' });
    expect(ownQuote(orders.filter((o) => o.side === 'buy'))).toEqual({ bid: '99.95', ask: null, spreadBps: null });
    expect(ownQuote([])).toEqual({ bid: null, ask: null, spreadBps: null });
  });

  it('order-to-fill ratio: orders per fill, null without fills', () => {
    expect(orderToFill(1191, 76)).toBe('15.67');
    expect(orderToFill(4, 4)).toBe('1');
    expect(orderToFill(10, 0)).toBeNull();
  });

  it("base share of the pair's value at the mid", () => {
    expect(baseShare('1', '100', '100')).toBe('0.5');
    expect(baseShare('3', '100', '100')).toBe('0.75');
    expect(baseShare('1', '100', null)).toBeNull();
    expect(baseShare('0', '0', '100')).toBeNull();
  });

  it('counts events of the last hour only', () => {
    const c = new RollingCounter(3_600_000, 60_000);
    c.add(0, 5);
    c.add(1_800_000, 2);
    expect(c.count(1_800_000)).toBe(7);
    expect(c.count(3_660_001)).toBe(2);
    expect(c.count(5_500_000)).toBe(0);
  });

  it('a snapshot carries quote, inventory against target, last action, last hour and errors', () => {
    const live = new LiveFigures();
    live.setQuote([
      { side: 'buy', price: '99.95' },
      { side: 'sell', price: '100.05' },
    ]);
    live.setInventory('2', '200', '100', '0.5');
    for (let i = 0; i < 12; i++) live.placed(1000 + i);
    live.cancelled(1000, 8);
    live.filled(2000, 3);
    live.action(2000, 'requoted', text('bots.reason.midMoved', { move: '+0.12 %' }));
    live.error(2500, text('bots.tickFailed', { failures: 1, error: 'timeout' }));
    const snap = live.snapshot(3000);
    expect(snap.quote).toEqual({ bid: '99.95', ask: '100.05', spreadBps: '10' });
    expect(snap.inventory).toEqual({ base: '2', share: '0.5', target: '0.5' });
    expect(snap.lastAction).toEqual({ at: 2000, kind: 'requoted', reason: { key: 'bots.reason.midMoved', params: { move: '+0.12 %' } } });
    expect(snap.lastHour).toEqual({ orders: 12, cancels: 8, fills: 3, orderToFill: '4' });
    expect(snap.errors.count).toBe(1);
    expect(renderServerText(snap.errors.last!.text, 'zh_CN')).toBe('周期执行失败（连续 1 次）：timeout');
  });

  it('churn per minute: over the last ten minutes, or since the run began when shorter (at least a minute)', () => {
    expect(perMinute(5, 1000, null, 600_000)).toBeNull();
    expect(perMinute(5, 30_000, 0, 600_000), 'under a minute counts as one').toBe('5');
    expect(perMinute(21, 180_000, 0, 600_000)).toBe('7');
    expect(perMinute(100, 3_600_000, 0, 600_000), 'the window, not the run').toBe('10');
    const live = new LiveFigures();
    expect(live.snapshot(0).perMinute).toEqual({ placements: null, cancels: null, windowSec: 600, refreshTolerance: null, budget: null, deferred: null });
    live.begin(0);
    live.begin(50_000); // a later tick does not move the start
    for (let t = 5_000; t < 1_210_000; t += 10_000) live.placed(t); // 6 a minute for 20 minutes
    for (let t = 615_000; t < 1_200_000; t += 30_000) live.cancelled(t); // 2 a minute in the last 10
    const snap = live.snapshot(1_209_999); // 10 s buckets: the window's old edge is exact to a bucket
    expect(snap.perMinute).toEqual({ placements: '6', cancels: '2', windowSec: 600, refreshTolerance: null, budget: null, deferred: null });
    expect(snap.lastHour).toMatchObject({ orders: 121, cancels: 20 });
  });

  it('formats log params with separators and units', () => {
    expect(grouped('64766.67')).toBe('64,766.67');
    expect(grouped('-1234567')).toBe('-1,234,567');
    expect(withUnit('64300.123', 2, 'USDT')).toBe('64,300.12 USDT');
    expect(withUnit('64300.129', 2, 'USDT')).toBe('64,300.12 USDT');
    expect(withUnit('64300', 2, 'USDT')).toBe('64,300.00 USDT');
    expect(percentMove('0.001299')).toBe('+0.12 %');
    expect(percentMove('0.0012')).toBe('+0.12 %');
    expect(percentMove('-0.000012')).toBe('-0.0012 %');
  });
});
