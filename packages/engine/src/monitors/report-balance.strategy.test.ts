import { reportBalanceConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import type { PairBotFigures } from '../ports.ts';
import { book, market, tick } from '../strategies/testing/execution-fixtures.ts';
import { latestSlot, REPORT_CHECK_MS, reportBalanceStrategy, type ReportState } from './report-balance.strategy.ts';

const daily = reportBalanceConfig.parse({ schedule: 'daily', everyHours: 1, dailyAt: '08:00', utcOffset: '+08:00' });
const hourly = reportBalanceConfig.parse({ schedule: 'every', everyHours: 1, dailyAt: '08:00', utcOffset: '+00:00' });
const START = Date.UTC(2030, 0, 1, 10, 17); // 18:17 at +08:00
const bots: PairBotFigures[] = [
  { id: 3, type: 'depth_near', status: 'running', trades: 12, baseVolume: '1.5', quoteVolume: '150.123', fees: '0.15', realizedPnl: '2', unrealizedPnl: '-0.5', totalPnl: '1.35' },
  { id: 4, type: 'amm', status: 'stopped', trades: 0, baseVolume: '0', quoteVolume: '0', fees: '0', realizedPnl: '0', unrealizedPnl: '0', totalPnl: '0' },
];
const snapshot = market({ book: book([['99.9', '1']], [['100.1', '1']]), pairBots: bots });

function step(config: typeof daily, state: ReportState, now: number, startedAt = START) {
  return reportBalanceStrategy.decide(tick(config, state, { market: snapshot, now, startedAt }));
}
const titles = (out: ReturnType<typeof step>) => out.intents.map((i) => (i.kind === 'notify' ? i.title : i.kind));

describe('balance timed report', () => {
  it('slots: daily at 08:00 in the offset; every N hours on the hour counted from local midnight', () => {
    expect(new Date(latestSlot(daily, START)).toISOString()).toBe('2030-01-01T00:00:00.000Z'); // 08:00 at +08:00
    expect(new Date(latestSlot(daily, Date.UTC(2029, 11, 31, 23, 59))).toISOString()).toBe('2029-12-31T00:00:00.000Z');
    expect(new Date(latestSlot(hourly, START)).toISOString()).toBe('2030-01-01T10:00:00.000Z');
    const every6At530 = { ...hourly, everyHours: 6, utcOffset: '+05:30' };
    // 10:17 UTC = 15:47 at +05:30: the last 6-hour slot is 12:00 local = 06:30 UTC.
    expect(new Date(latestSlot(every6At530, START)).toISOString()).toBe('2030-01-01T06:30:00.000Z');
    expect(new Date(latestSlot({ ...daily, utcOffset: '-05:00' }, START)).toISOString()).toBe('2029-12-31T13:00:00.000Z');
  });

  it('sends nothing at the start (it says when the first report is due), then one report per slot', () => {
    let out = step(daily, reportBalanceStrategy.initialState(daily, START), START);
    expect(out.intents).toEqual([{ kind: 'alert', level: 'info', message: 'Balance report: daily 08:00 +08:00; the first report is due at 2030-01-02 08:00 (UTC+08:00)' }]);
    const checks: string[][] = [];
    for (let now = START + REPORT_CHECK_MS; now < START + 2 * 86_400_000; now += REPORT_CHECK_MS) {
      out = step(daily, out.state, now);
      if (out.intents.length > 0) checks.push([new Date(now).toISOString(), ...titles(out)]);
    }
    expect(checks).toEqual([
      ['2030-01-02T00:00:00.000Z', 'TKN/USDT balance report, 2030-01-02 08:00 (UTC+08:00)'],
      ['2030-01-03T00:00:00.000Z', 'TKN/USDT balance report, 2030-01-03 08:00 (UTC+08:00)'],
    ]);
  });

  it('the report lists the balances, the mid, each bot and the pair totals', () => {
    const started = step(hourly, reportBalanceStrategy.initialState(hourly, START), START).state;
    const out = step(hourly, started, Date.UTC(2030, 0, 1, 11, 0, 10));
    expect(out.intents).toEqual([
      {
        kind: 'notify',
        level: 'info',
        title: 'TKN/USDT balance report, 2030-01-01 11:00 (UTC+00:00)',
        text: [
          'Balances: TKN 1000.0000 (available 1000.0000), USDT 100000.00 (available 100000.00)',
          'Mid price: 100',
          'Bots: 2 (1 running)',
          '#3 Depth near (running): 12 trades, volume 150.12 USDT, fees 0.15, P&L +1.35 (realised +2.00, unrealised -0.50)',
          '#4 AMM market making (stopped): 0 trades, volume 0.00 USDT, fees 0.00, P&L 0.00 (realised 0.00, unrealised 0.00)',
          'Pair total P&L: +1.35 USDT, fees 0.15 USDT',
        ].join('\n'),
      },
    ]);
  });

  it('one report per slot after a restart; downtime over several slots gives one catch-up report, said late', () => {
    const started = step(hourly, reportBalanceStrategy.initialState(hourly, START), START).state;
    const sent = step(hourly, started, Date.UTC(2030, 0, 1, 11, 0, 5)).state;
    // A restart in the same hour: the stored slot holds, nothing is sent again.
    expect(step(hourly, sent, Date.UTC(2030, 0, 1, 11, 40)).intents).toEqual([]);
    // Down from 11:40 to 15:20: slots 12:00, 13:00, 14:00 and 15:00 passed; one report, for 15:00.
    const late = step(hourly, sent, Date.UTC(2030, 0, 1, 15, 20));
    expect(late.intents).toHaveLength(1);
    const text = late.intents[0]!.kind === 'notify' ? late.intents[0]!.text : '';
    expect(text.endsWith('(late: the server was down at 2030-01-01 15:00 (UTC+00:00); 3 earlier report(s) missed)')).toBe(true);
    expect(step(hourly, late.state, Date.UTC(2030, 0, 1, 15, 21)).intents).toEqual([]);
  });

  it('a new switch-on or another schedule starts afresh (no immediate report)', () => {
    const sent = step(hourly, step(hourly, reportBalanceStrategy.initialState(hourly, START), START).state, Date.UTC(2030, 0, 1, 11, 0, 5)).state;
    expect(titles(step(hourly, sent, Date.UTC(2030, 0, 1, 13, 30), START + 1))).toEqual(['alert']);
    expect(titles(step({ ...hourly, everyHours: 2 }, sent, Date.UTC(2030, 0, 1, 13, 30)))).toEqual(['alert']);
  });

  it('reads one book level, the balances and the pair figures, and looks every 30 s', () => {
    expect(reportBalanceStrategy.needs(daily)).toEqual({ bookDepth: 1, references: [], balances: true, pairFigures: true });
    expect(reportBalanceStrategy.intervalMs?.(daily)).toBe(30_000);
  });
});
