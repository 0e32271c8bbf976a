import { monitorBalanceConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import type { Intent } from '../intents.ts';
import { balances, market, tick } from '../strategies/testing/execution-fixtures.ts';
import { read, readIntents } from '../testing/read-intents.ts';
import { balanceStatus, monitorBalanceStrategy, type BalanceMonitorState } from './monitor-balance.strategy.ts';

const T0 = 1_700_000_000_000;
const config = monitorBalanceConfig.parse({
  thresholds: [
    { asset: 'quote', below: '1000' },
    { asset: 'base', below: '5', above: '50' },
  ],
  balanceKind: 'total',
  recoveryMargin: '0.01',
  intervalSec: 60,
});

/** Runs the monitor over a series of (base, quote) balances, one tick each, and gives each tick's notices. */
function run(series: [string, string][], startedAt = T0, first: BalanceMonitorState = monitorBalanceStrategy.initialState(config, T0)) {
  let state = first;
  const said: string[][] = [];
  series.forEach(([base, quote], i) => {
    const out = monitorBalanceStrategy.decide(tick(config, state, { market: market({ balances: balances(base, quote) }), now: T0 + i * 60_000, startedAt }));
    expect(out.intents.every((x: Intent) => x.kind === 'notify')).toBe(true);
    said.push(out.intents.map((x) => (x.kind === 'notify' ? `${x.level} ${read(x.title)}` : x.kind)));
    state = out.state;
  });
  return { said, state };
}

describe('balance monitor', () => {
  it('alerts once when a balance crosses below, says nothing while it stays there, and once when it is back', () => {
    const { said } = run([
      ['10', '1500'],
      ['10', '900'],
      ['10', '800'],
      ['10', '950'],
      ['10', '1005'], // above 1000 but inside the 1 % recovery margin: still breached
      ['10', '1010'],
      ['10', '1200'],
    ]);
    expect(said).toEqual([[], ['warn USDT balance below 1,000.00 USDT'], [], [], [], ['info USDT balance back to normal'], []]);
  });

  it('does not flap while the balance hovers around the threshold', () => {
    const { said } = run([
      ['10', '999'],
      ['10', '1001'],
      ['10', '999'],
      ['10', '1002'],
      ['10', '998'],
    ]);
    expect(said.flat()).toEqual(['warn USDT balance below 1,000.00 USDT']);
  });

  it('watches above thresholds and each row on its own; the notice names the asset and the value', () => {
    const first = monitorBalanceStrategy.decide(tick(config, monitorBalanceStrategy.initialState(config, T0), { market: market({ balances: balances('60', '500') }), startedAt: T0 }));
    expect(readIntents(first.intents)).toEqual([
      { kind: 'notify', level: 'warn', title: 'USDT balance below 1,000.00 USDT', text: 'Total USDT balance 500.00 USDT is below 1,000.00 USDT (TKN/USDT).' },
      { kind: 'notify', level: 'warn', title: 'TKN balance above 50.0000 TKN', text: 'Total TKN balance 60.0000 TKN is above 50.0000 TKN (TKN/USDT).' },
    ]);
    expect(readIntents(first.intents, 'zh_CN')).toEqual([
      { kind: 'notify', level: 'warn', title: 'USDT 余额低于 1,000.00 USDT', text: 'USDT 总余额 500.00 USDT 低于 1,000.00 USDT（TKN/USDT）。' },
      { kind: 'notify', level: 'warn', title: 'TKN 余额高于 50.0000 TKN', text: 'TKN 总余额 60.0000 TKN 高于 50.0000 TKN（TKN/USDT）。' },
    ]);
    expect(first.state.breaches).toEqual({ 'quote:1000:': 'below', 'base:5:50': 'above' });
    const back = monitorBalanceStrategy.decide(tick(config, first.state, { market: market({ balances: balances('40', '500') }), startedAt: T0 }));
    expect(readIntents(back.intents)).toEqual([{ kind: 'notify', level: 'info', title: 'TKN balance back to normal', text: 'Total TKN balance 40.0000 TKN is back below 50.0000 TKN (TKN/USDT).' }]);
    expect(readIntents(back.intents, 'zh_CN')).toEqual([{ kind: 'notify', level: 'info', title: 'TKN 余额恢复正常', text: 'TKN 总余额 40.0000 TKN 已回到 50.0000 TKN 之下（TKN/USDT）。' }]);
  });

  it('reads the available balance when told to', () => {
    const available = { ...config, balanceKind: 'available' as const };
    const snapshot = market({ balances: { base: { available: '10', total: '10' }, quote: { available: '100', total: '5000' } } });
    const out = monitorBalanceStrategy.decide(tick(available, monitorBalanceStrategy.initialState(available, T0), { market: snapshot, startedAt: T0 }));
    expect(out.intents.map((i) => (i.kind === 'notify' ? read(i.text) : ''))).toEqual(['Available USDT balance 100.00 USDT is below 1,000.00 USDT (TKN/USDT).']);
    expect(out.intents.map((i) => (i.kind === 'notify' ? read(i.text, 'zh_CN') : ''))).toEqual(['USDT 可用余额 100.00 USDT 低于 1,000.00 USDT（TKN/USDT）。']);
  });

  it('keeps its breaches across a restart (same run) and forgets them at a new switch-on', () => {
    const { state } = run([['10', '500']]);
    expect(run([['10', '500']], T0, state).said).toEqual([[]]);
    expect(run([['10', '500']], T0 + 3_600_000, state).said).toEqual([['warn USDT balance below 1,000.00 USDT']]);
  });

  it('reads no book and no other bot (one balance read per tick)', () => {
    expect(monitorBalanceStrategy.needs(config)).toEqual({ bookDepth: 0, references: [], balances: true });
    expect(monitorBalanceStrategy.intervalMs?.(config)).toBe(60_000);
    expect(monitorBalanceStrategy.watchOnly).toBe(true);
  });

  it('balanceStatus: a breach ends only once the value is past the margin', () => {
    const row = { asset: 'quote' as const, below: '100', above: '200' };
    expect(balanceStatus(row, '99.99', 'normal', '0.05')).toBe('below');
    expect(balanceStatus(row, '104', 'below', '0.05')).toBe('below');
    expect(balanceStatus(row, '105', 'below', '0.05')).toBe('normal');
    expect(balanceStatus(row, '191', 'above', '0.05')).toBe('above');
    expect(balanceStatus(row, '190', 'above', '0.05')).toBe('normal');
    expect(balanceStatus(row, '201', 'below', '0.05')).toBe('above');
  });
});
