import { monitorPriceConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { book, emptyBook, market, tick } from '../strategies/testing/execution-fixtures.ts';
import { bucketMsOf, monitorPriceStrategy, slideWindow, windowMove, WINDOW_BUCKETS, type PriceMonitorState } from './monitor-price.strategy.ts';

const T0 = 1_700_000_000_000;
const bounds = monitorPriceConfig.parse({ lowerBound: '90', upperBound: '110', windowMinutes: 15, action: 'alert', recoveryMargin: '0.01', intervalSec: 10 });
const moves = monitorPriceConfig.parse({ movePercent: '5', windowMinutes: 10, action: 'alert', recoveryMargin: '0.2', intervalSec: 60 });
const at = (mid: string) => market({ book: book([[mid, '1']], [[mid, '1']]) });

function run(config: typeof bounds, mids: string[], stepMs = 60_000) {
  let state: PriceMonitorState = monitorPriceStrategy.initialState(config, T0);
  const said: string[][] = [];
  mids.forEach((mid, i) => {
    const out = monitorPriceStrategy.decide(tick(config, state, { market: mid === '' ? market({ book: emptyBook }) : at(mid), now: T0 + i * stepMs, startedAt: T0 }));
    said.push(out.intents.map((x) => (x.kind === 'notify' ? `${x.level} ${x.title}` : x.kind)));
    state = out.state;
  });
  return { said, state };
}

describe('price monitor', () => {
  it('bounds: one alert at the breach, one notice once back inside by the margin, none in between', () => {
    const { said } = run(bounds, ['100', '89', '85', '90.5', '91', '111', '112', '100']);
    expect(said).toEqual([
      [],
      ['warn TKN/USDT price alert'],
      [],
      [], // 90.5 < 90 × 1.01: still breached
      ['info TKN/USDT price back inside its bounds'],
      ['warn TKN/USDT price alert'],
      [],
      ['info TKN/USDT price back inside its bounds'],
    ]);
  });

  it('the alert says what was breached', () => {
    const out = monitorPriceStrategy.decide(tick(bounds, monitorPriceStrategy.initialState(bounds, T0), { market: market({ book: book([['88', '1']], [['89', '1']]) }), startedAt: T0 }));
    expect(out.intents).toEqual([{ kind: 'notify', level: 'warn', title: 'TKN/USDT price alert', text: 'The price 88.5 is below the lower bound 90.' }]);
    expect(out.reference).toBe('88.5');
  });

  it('move: alerts when the price moved the % within the window, from its lowest or highest price', () => {
    // 100 → 103 → 105.2 (+5.2 % from 100) within 10 minutes.
    expect(run(moves, ['100', '103', '105.2']).said).toEqual([[], [], ['warn TKN/USDT price alert']]);
    // Down 5 % from the window's high.
    const down = monitorPriceStrategy.decide(tick(moves, run(moves, ['100', '102']).state, { market: at('96.9'), now: T0 + 120_000, startedAt: T0 }));
    expect(down.intents).toEqual([{ kind: 'notify', level: 'warn', title: 'TKN/USDT price alert', text: 'The price 96.9 moved down 5 % within 10 min (limit 5 %).' }]);
    // The same +5.2 % spread over more than the window is no alert: the low left the window.
    expect(run(moves, ['100', '101', '102', '103', '104', '105.2'], 180_000).said.flat()).toEqual([]);
  });

  it('move: no new alert while the move stays past the limit less the margin; back to normal once it fades', () => {
    const { said } = run(moves, ['100', '106', '106', '106', '106', '106', '106', '106', '106', '106', '106', '106', '106']);
    expect(said[1]).toEqual(['warn TKN/USDT price alert']);
    // The 100 leaves the 10-minute window after ten 1-minute steps.
    expect(said.slice(2).flat()).toEqual(['info TKN/USDT price move back to normal']);
  });

  it('the stop_pair action asks for the pair emergency stop first, then alerts as an error', () => {
    const stopPair = { ...bounds, action: 'stop_pair' as const };
    const out = monitorPriceStrategy.decide(tick(stopPair, monitorPriceStrategy.initialState(stopPair, T0), { market: at('120'), startedAt: T0 }));
    expect(out.intents).toEqual([
      { kind: 'emergencyStop', reason: 'the price 120 is above the upper bound 110' },
      { kind: 'notify', level: 'error', title: 'TKN/USDT price alert: pair stopped', text: "The price 120 is above the upper bound 110. The pair's bots are stopped and their orders cancelled." },
    ]);
    // The monitor goes on watching; the same breach never fires twice.
    expect(monitorPriceStrategy.decide(tick(stopPair, out.state, { market: at('125'), startedAt: T0, now: T0 + 10_000 })).intents).toEqual([]);
  });

  it('an empty book is told once, and the price coming back once', () => {
    expect(run(bounds, ['', '', '100', '']).said).toEqual([['alert'], [], ['alert'], ['alert']]);
  });

  it('keeps a bounded window: at most WINDOW_BUCKETS + 1 buckets, each with its low and high', () => {
    const windowMs = 1440 * 60_000;
    const bucketMs = bucketMsOf(1440);
    let buckets = slideWindow([], bucketMs, windowMs, T0, '100');
    for (let i = 1; i <= 6_000; i++) buckets = slideWindow(buckets, bucketMs, windowMs, T0 + i * 20_000, String(100 + (i % 7)));
    expect(buckets.length).toBeLessThanOrEqual(WINDOW_BUCKETS + 1);
    expect(windowMove(buckets, '100')).toEqual({ percent: '5.6604', direction: 'down' });
    // A dip inside one bucket is kept by the bucket's low.
    const dipped = slideWindow(slideWindow(slideWindow([], 60_000, 600_000, T0, '100'), 60_000, 600_000, T0 + 1_000, '90'), 60_000, 600_000, T0 + 2_000, '100');
    expect(dipped).toEqual([[Math.floor(T0 / 60_000), '90', '100']]);
  });

  it('reads the book only (no balances, no other bots) and ticks at its interval', () => {
    expect(monitorPriceStrategy.needs(bounds)).toEqual({ bookDepth: 1, references: [], balances: false });
    expect(monitorPriceStrategy.intervalMs?.(bounds)).toBe(10_000);
    expect(run(bounds, ['100']).said).toEqual([[]]);
  });
});
