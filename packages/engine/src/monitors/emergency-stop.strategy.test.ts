import { emergencyStopConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import type { PairBotFigures } from '../ports.ts';
import { book, emptyBook, kinds, market, tick } from '../strategies/testing/execution-fixtures.ts';
import { readIntents } from '../testing/read-intents.ts';
import { emergencyStopStrategy, summedPnl, type EmergencyStopState } from './emergency-stop.strategy.ts';

const T0 = 1_700_000_000_000;
const config = emergencyStopConfig.parse({ maxDrawdown: '50', intervalSec: 10 });
const bot = (id: number, totalPnl: string | null): PairBotFigures => ({
  id,
  type: 'depth_near',
  status: 'running',
  trades: 1,
  baseVolume: '1',
  quoteVolume: '100',
  fees: '0.1',
  realizedPnl: '0',
  unrealizedPnl: totalPnl,
  totalPnl,
});
const at = (pnls: (string | null)[], mid = '100') => market({ book: book([[mid, '1']], [[mid, '1']]), pairBots: pnls.map((p, i) => bot(i + 1, p)) });

function run(c: typeof config, markets: ReturnType<typeof at>[], startedAt = T0) {
  let state: EmergencyStopState = emergencyStopStrategy.initialState(c, T0);
  const outs = markets.map((m, i) => {
    const out = emergencyStopStrategy.decide(tick(c, state, { market: m, now: T0 + i * 10_000, startedAt }));
    state = out.state;
    return out;
  });
  return { outs, state };
}

describe('emergency stop guard', () => {
  it('fires once the summed P&L falls more than the limit below its peak, then stops itself', () => {
    const { outs } = run(config, [at(['10', '-5']), at(['40', '10']), at(['30', '0']), at(['10', '-10']), at(['5', '-15'])]);
    // Sums 5, 50 (peak), 30, 0 (drawdown 50: not past the limit), -10 (60).
    expect(outs.slice(0, 4).map((o) => o.intents)).toEqual([[], [], [], []]);
    expect(outs[3]!.state).toMatchObject({ peak: '50', last: '0', fired: null });
    expect(kinds(outs[4]!.intents)).toEqual(['emergencyStop', 'notify', 'stop']);
    const reason = "drawdown 60.00 USDT of the pair's bots (total P&L -10.00 USDT from a peak of 50.00 USDT) passed the limit 50.00 USDT";
    expect(readIntents(outs[4]!.intents)).toEqual([
      { kind: 'emergencyStop', reason },
      { kind: 'notify', level: 'error', title: 'Emergency stop: TKN/USDT', text: `${reason}. The pair's bots are stopped and their orders cancelled; this guard stops too.` },
      { kind: 'stop', reason: `emergency stop fired: ${reason}` },
    ]);
    const zh = '该交易对机器人的回撤 60.00 USDT（总盈亏从峰值 50.00 USDT 降至 -10.00 USDT）超过上限 50.00 USDT';
    expect(readIntents(outs[4]!.intents, 'zh_CN')).toEqual([
      { kind: 'emergencyStop', reason: zh },
      { kind: 'notify', level: 'error', title: '紧急停止：TKN/USDT', text: `${zh}。该交易对的机器人已停止，其挂单已撤销；本守卫也随之停止。` },
      { kind: 'stop', reason: `已触发紧急停止：${zh}` },
    ]);
  });

  it('the first reading is the first peak: a guard started on a pair already at a loss does not fire for it', () => {
    expect(run(config, [at(['-500']), at(['-520']), at(['-549'])]).outs.flatMap((o) => o.intents)).toEqual([]);
  });

  it('never fires twice: a fired state in the same run only stops again', () => {
    const { state } = run(config, [at(['100']), at(['0'])]);
    expect(state.fired).not.toBeNull();
    const again = emergencyStopStrategy.decide(tick(config, state, { market: at(['-100']), startedAt: T0 }));
    expect(readIntents(again.intents)).toEqual([{ kind: 'stop', reason: "emergency stop fired: drawdown 100.00 USDT of the pair's bots (total P&L 0.00 USDT from a peak of 100.00 USDT) passed the limit 50.00 USDT" }]);
    // A reason kept in English by an earlier version reads as it was.
    const older = emergencyStopStrategy.decide(tick(config, { ...state, fired: 'price 89 below the lower bound 90' }, { market: at(['-100']), startedAt: T0 }));
    expect(readIntents(older.intents, 'zh_CN')).toEqual([{ kind: 'stop', reason: 'emergency stop fired: price 89 below the lower bound 90' }]);
    // A new switch-on starts afresh.
    expect(emergencyStopStrategy.decide(tick(config, state, { market: at(['-100']), startedAt: T0 + 1 })).intents).toEqual([]);
  });

  it('price bounds fire too, with the breach as the reason', () => {
    const bounds = emergencyStopConfig.parse({ lowerBound: '90', upperBound: '110', intervalSec: 5 });
    expect(emergencyStopStrategy.needs(bounds)).toEqual({ bookDepth: 1, references: [], balances: false, pairFigures: false });
    const { outs } = run(bounds, [market({ book: book([['95', '1']], [['96', '1']]) }), market({ book: book([['89', '1']], [['89.5', '1']]) })]);
    expect(outs[0]!.intents).toEqual([]);
    expect(readIntents(outs[1]!.intents.slice(0, 1))).toEqual([{ kind: 'emergencyStop', reason: 'price 89.25 USDT below the lower bound 90.00 USDT' }]);
    expect(readIntents(outs[1]!.intents.slice(0, 1), 'zh_CN')).toEqual([{ kind: 'emergencyStop', reason: '价格 89.25 USDT 低于下限 90.00 USDT' }]);
  });

  it('a bot without a total P&L (no price) leaves the drawdown for the next tick; an empty book is told once', () => {
    expect(summedPnl([bot(1, '3'), bot(2, null)])).toBeNull();
    const { outs, state } = run(config, [at(['100']), at(['0', null]), market({ book: emptyBook, pairBots: [] }), market({ book: emptyBook, pairBots: [] })]);
    expect(outs.map((o) => kinds(o.intents))).toEqual([[], [], ['alert'], []]);
    expect(readIntents(outs[2]!.intents, 'zh_CN')).toEqual([{ kind: 'alert', level: 'warn', message: '紧急停止守卫：TKN/USDT 盘口为空；价格区间和回撤检查等待价格' }]);
    expect(state.peak).toBe('100');
  });

  it('reads the pair figures only when a drawdown limit is set', () => {
    expect(emergencyStopStrategy.needs(config).pairFigures).toBe(true);
    expect(emergencyStopStrategy.intervalMs?.(config)).toBe(10_000);
    expect(emergencyStopStrategy.watchOnly).toBe(true);
  });
});
