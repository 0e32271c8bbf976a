import { reportBalanceConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import type { PairBotFigures } from '../ports.ts';
import { book, market, tick } from '../strategies/testing/execution-fixtures.ts';
import { read, readIntents } from '../testing/read-intents.ts';
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
const titles = (out: ReturnType<typeof step>) => out.intents.map((i) => (i.kind === 'notify' ? read(i.title) : i.kind));

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
    expect(readIntents(out.intents)).toEqual([{ kind: 'alert', level: 'info', message: 'Balance report: daily 08:00 +08:00; the first report is due at 2030-01-02 08:00 (UTC+08:00)' }]);
    expect(readIntents(out.intents, 'zh_CN')).toEqual([{ kind: 'alert', level: 'info', message: '余额报告：每天 08:00（+08:00）；首份报告将于 2030-01-02 08:00 (UTC+08:00) 发出' }]);
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
    expect(readIntents(out.intents)).toEqual([
      {
        kind: 'notify',
        level: 'info',
        title: 'TKN/USDT balance report, 2030-01-01 11:00 (UTC+00:00)',
        text: [
          'Balances: 1,000.0000 TKN (available 1,000.0000 TKN), 100,000.00 USDT (available 100,000.00 USDT)',
          'Mid price: 100.00 USDT',
          'Bots: 2 (1 running)',
          '#3 Depth near (running): 12 trades, volume 150.12 USDT, fees 0.15 USDT, P&L +1.35 USDT (realised +2.00 USDT, unrealised -0.50 USDT)',
          '#4 AMM market making (stopped): 0 trades, volume 0.00 USDT, fees 0.00 USDT, P&L 0.00 USDT (realised 0.00 USDT, unrealised 0.00 USDT)',
          'Pair total P&L: +1.35 USDT, fees 0.15 USDT',
        ].join('\n'),
      },
    ]);
    expect(readIntents(out.intents, 'zh_CN')).toEqual([
      {
        kind: 'notify',
        level: 'info',
        title: 'TKN/USDT 余额报告，2030-01-01 11:00 (UTC+00:00)',
        text: [
          '余额：1,000.0000 TKN（可用 1,000.0000 TKN），100,000.00 USDT（可用 100,000.00 USDT）',
          '中间价：100.00 USDT',
          '机器人：2 个（1 个运行中）',
          '#3 近端深度（运行中）：成交 12 笔，成交额 150.12 USDT，手续费 0.15 USDT，总盈亏 +1.35 USDT（已实现 +2.00 USDT，未实现 -0.50 USDT）',
          '#4 AMM 做市（已停止）：成交 0 笔，成交额 0.00 USDT，手续费 0.00 USDT，总盈亏 0.00 USDT（已实现 0.00 USDT，未实现 0.00 USDT）',
          '交易对总盈亏：+1.35 USDT，手续费 0.15 USDT',
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
    expect(read(text).endsWith('Pair total P&L: +1.35 USDT, fees 0.15 USDT (late: the server was down at 2030-01-01 15:00 (UTC+00:00); 3 earlier report(s) missed)')).toBe(true);
    expect(read(text, 'zh_CN').endsWith('（延迟：服务器在 2030-01-01 15:00 (UTC+00:00) 时未运行；错过了之前的 3 份报告）')).toBe(true);
    expect(step(hourly, late.state, Date.UTC(2030, 0, 1, 15, 21)).intents).toEqual([]);
  });

  it('a new switch-on or another schedule starts afresh (no immediate report)', () => {
    const sent = step(hourly, step(hourly, reportBalanceStrategy.initialState(hourly, START), START).state, Date.UTC(2030, 0, 1, 11, 0, 5)).state;
    expect(titles(step(hourly, sent, Date.UTC(2030, 0, 1, 13, 30), START + 1))).toEqual(['alert']);
    expect(titles(step({ ...hourly, everyHours: 2 }, sent, Date.UTC(2030, 0, 1, 13, 30)))).toEqual(['alert']);
  });

  it('a bot without a price says its P&L is unknown; past REPORT_BOT_LINES bots the rest are counted', () => {
    const many = Array.from({ length: 22 }, (_, i): PairBotFigures => ({ ...bots[0]!, id: i + 1, totalPnl: i === 0 ? null : '1', unrealizedPnl: i === 0 ? null : '0' }));
    const started = step(hourly, reportBalanceStrategy.initialState(hourly, START), START).state;
    const out = reportBalanceStrategy.decide(tick(hourly, started, { market: market({ book: book([], []), pairBots: many }), now: Date.UTC(2030, 0, 1, 11, 0, 10), startedAt: START }));
    const [en] = readIntents(out.intents) as { text: string }[];
    const lines = en!.text.split('\n');
    expect(lines[1]).toBe('Mid price: unknown (empty book)');
    expect(lines[3]).toBe('#1 Depth near (running): 12 trades, volume 150.12 USDT, fees 0.15 USDT, P&L unknown (no price)');
    expect(lines[22]).toBe('#20 Depth near (running): 12 trades, volume 150.12 USDT, fees 0.15 USDT, P&L +1.00 USDT (realised +2.00 USDT, unrealised 0.00 USDT)');
    expect(lines.slice(23)).toEqual(['… and 2 more bot(s)', 'Pair total P&L: unknown (no price), fees 3.30 USDT']);
    const [zh] = readIntents(out.intents, 'zh_CN') as { text: string }[];
    expect(zh!.text.split('\n').slice(23)).toEqual(['……另有 2 个机器人', '交易对总盈亏：未知（无价格），手续费 3.30 USDT']);
  });

  it('reads one book level, the balances and the pair figures, and looks every 30 s', () => {
    expect(reportBalanceStrategy.needs(daily)).toEqual({ bookDepth: 1, references: [], balances: true, pairFigures: true });
    expect(reportBalanceStrategy.intervalMs?.(daily)).toBe(30_000);
  });
});
