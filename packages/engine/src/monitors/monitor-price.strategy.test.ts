import { monitorPriceConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { book, emptyBook, market, rules, tick } from '../strategies/testing/execution-fixtures.ts';
import { read, readIntents } from '../testing/read-intents.ts';
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
    said.push(out.intents.map((x) => (x.kind === 'notify' ? `${x.level} ${read(x.title)}` : x.kind)));
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
    expect(readIntents(out.intents)).toEqual([{ kind: 'notify', level: 'warn', title: 'TKN/USDT price alert', text: 'The price 88.50 USDT is below the lower bound 90.00 USDT.' }]);
    expect(readIntents(out.intents, 'zh_CN')).toEqual([{ kind: 'notify', level: 'warn', title: 'TKN/USDT 价格告警', text: '价格 88.50 USDT 低于下限 90.00 USDT。' }]);
    expect(out.reference).toBe('88.5');
  });

  it('move: alerts when the price moved the % within the window, from its lowest or highest price', () => {
    // 100 → 103 → 105.2 (+5.2 % from 100) within 10 minutes.
    expect(run(moves, ['100', '103', '105.2']).said).toEqual([[], [], ['warn TKN/USDT price alert']]);
    // Down 5 % from the window's high.
    const down = monitorPriceStrategy.decide(tick(moves, run(moves, ['100', '102']).state, { market: at('96.9'), now: T0 + 120_000, startedAt: T0 }));
    expect(readIntents(down.intents)).toEqual([{ kind: 'notify', level: 'warn', title: 'TKN/USDT price alert', text: 'The price 96.90 USDT moved down 5 % within 10 min (limit 5 %).' }]);
    expect(readIntents(down.intents, 'zh_CN')).toEqual([{ kind: 'notify', level: 'warn', title: 'TKN/USDT 价格告警', text: '价格 96.90 USDT 在 10 分钟内下跌 5 %（上限 5 %）。' }]);
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
    expect(readIntents(out.intents)).toEqual([
      { kind: 'emergencyStop', reason: 'the price 120.00 USDT is above the upper bound 110.00 USDT' },
      { kind: 'notify', level: 'error', title: 'TKN/USDT price alert: pair stopped', text: "The price 120.00 USDT is above the upper bound 110.00 USDT. The pair's bots are stopped and their orders cancelled." },
    ]);
    expect(readIntents(out.intents, 'zh_CN')).toEqual([
      { kind: 'emergencyStop', reason: '价格 120.00 USDT 高于上限 110.00 USDT' },
      { kind: 'notify', level: 'error', title: 'TKN/USDT 价格告警：交易对已紧急停止', text: '价格 120.00 USDT 高于上限 110.00 USDT。该交易对的机器人已停止，其挂单已撤销。' },
    ]);
    // The monitor goes on watching; the same breach never fires twice.
    expect(monitorPriceStrategy.decide(tick(stopPair, out.state, { market: at('125'), startedAt: T0, now: T0 + 10_000 })).intents).toEqual([]);
  });

  it('a bound and a move breached at once are one alert naming both; the back-to-normal notices read in both languages', () => {
    const both = monitorPriceConfig.parse({ upperBound: '104', movePercent: '5', windowMinutes: 10, action: 'alert', recoveryMargin: '0.01', intervalSec: 60 });
    const first = monitorPriceStrategy.decide(tick(both, monitorPriceStrategy.initialState(both, T0), { market: at('100'), now: T0, startedAt: T0 }));
    const out = monitorPriceStrategy.decide(tick(both, first.state, { market: at('1234.5'), now: T0 + 60_000, startedAt: T0 }));
    expect(readIntents(out.intents)).toEqual([
      { kind: 'notify', level: 'warn', title: 'TKN/USDT price alert', text: 'The price 1,234.50 USDT is above the upper bound 104.00 USDT; the price 1,234.50 USDT moved up 1134.5 % within 10 min (limit 5 %).' },
    ]);
    expect(readIntents(out.intents, 'zh_CN')).toEqual([
      { kind: 'notify', level: 'warn', title: 'TKN/USDT 价格告警', text: '价格 1,234.50 USDT 高于上限 104.00 USDT；价格 1,234.50 USDT 在 10 分钟内上涨 1134.5 %（上限 5 %）。' },
    ]);
    const back = monitorPriceStrategy.decide(tick(both, out.state, { market: at('100'), now: T0 + 12 * 60_000, startedAt: T0 }));
    expect(readIntents(back.intents, 'zh_CN')).toEqual([
      { kind: 'notify', level: 'info', title: 'TKN/USDT 价格回到区间内', text: '价格 100.00 USDT 已回到 104.00 USDT 之下。' },
      { kind: 'notify', level: 'info', title: 'TKN/USDT 价格波动恢复正常', text: '10 分钟内的波动为 0 %，低于 5 %。' },
    ]);
    expect(readIntents(back.intents).map((i) => (i as { text: string }).text)).toEqual(['The price 100.00 USDT is back below 104.00 USDT.', 'The move within 10 min is 0 %, under 5 %.']);
  });

  it("prices read at the pair's precision with separators and the quote unit", () => {
    const fine = { ...rules, symbol: 'BTC/USDT', base: 'BTC', pricePrecision: 3 };
    const alertAt = monitorPriceConfig.parse({ upperBound: '1', windowMinutes: 15, action: 'alert', recoveryMargin: '0', intervalSec: 10 });
    const out = monitorPriceStrategy.decide(tick(alertAt, monitorPriceStrategy.initialState(alertAt, T0), { market: market({ rules: fine, book: book([['64873.79', '1']], [['64873.8', '1']]) }), startedAt: T0 }));
    expect(readIntents(out.intents)).toEqual([{ kind: 'notify', level: 'warn', title: 'BTC/USDT price alert', text: 'The price 64,873.795 USDT is above the upper bound 1.000 USDT.' }]);
    expect(readIntents(out.intents, 'zh_CN')).toEqual([{ kind: 'notify', level: 'warn', title: 'BTC/USDT 价格告警', text: '价格 64,873.795 USDT 高于上限 1.000 USDT。' }]);
  });

  it('an empty book is told once, and the price coming back once', () => {
    expect(run(bounds, ['', '', '100', '']).said).toEqual([['alert'], [], ['alert'], ['alert']]);
    const blind = monitorPriceStrategy.decide(tick(bounds, monitorPriceStrategy.initialState(bounds, T0), { market: market({ book: emptyBook }), startedAt: T0 }));
    expect(readIntents(blind.intents, 'zh_CN')).toEqual([{ kind: 'alert', level: 'warn', message: '价格监控：TKN/USDT 盘口为空，无价格可查；有价格后恢复检查' }]);
    const seeing = monitorPriceStrategy.decide(tick(bounds, blind.state, { market: at('100'), startedAt: T0, now: T0 + 10_000 }));
    expect(readIntents(seeing.intents)).toEqual([{ kind: 'alert', level: 'info', message: 'Price monitor: TKN/USDT has a price again (100.00 USDT)' }]);
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
