import { text, type BalanceThreshold, type MonitorBalanceConfig } from '@makerdesk/contract';
import { compare } from '@makerdesk/decimal';
import { notify, type Intent } from '../intents.ts';
import type { Strategy, TickInput, TickOutput } from '../strategy.ts';
import { assetAmount, sameRun, withMargin } from './monitor-kit.ts';

/**
 * Balance monitor (docs/strategies.md, "Balance monitor"): each threshold row watches the base or
 * quote balance of the account (total or available). Crossing below `below` or above `above` raises
 * one warning; coming back past the threshold by the recovery margin raises one "back to normal"
 * notice. Between the two nothing is said, however many checks see the breach.
 */
export interface BalanceMonitorState {
  run: number | null;
  /** Breached rows by their key; a row not listed is normal. */
  breaches: Record<string, 'below' | 'above'>;
}

/** A row's identity: a changed row is a new row (its breach, if any, is told afresh). */
export function thresholdKey(t: BalanceThreshold): string {
  return `${t.asset}:${t.below ?? ''}:${t.above ?? ''}`;
}

type Status = 'normal' | 'below' | 'above';

/** The row's status now, from its previous one: a breach holds until the value is back inside by the margin. */
export function balanceStatus(t: BalanceThreshold, value: string, previous: Status, margin: string): Status {
  const isBelow = t.below !== undefined && compare(value, t.below) < 0;
  const isAbove = t.above !== undefined && compare(value, t.above) > 0;
  if (previous === 'below' && t.below !== undefined && compare(value, withMargin(t.below, margin, 1)) < 0) return 'below';
  if (previous === 'above' && t.above !== undefined && compare(value, withMargin(t.above, margin, -1)) > 0) return 'above';
  return isBelow ? 'below' : isAbove ? 'above' : 'normal';
}

function decide(input: TickInput<MonitorBalanceConfig, BalanceMonitorState>): TickOutput<BalanceMonitorState> {
  const { config, market } = input;
  const previous = sameRun(input.state, input.startedAt) ? input.state.breaches : {};
  const breaches: BalanceMonitorState['breaches'] = {};
  const intents: Intent[] = [];
  const kind = config.balanceKind;
  for (const t of config.thresholds) {
    const key = thresholdKey(t);
    const asset = t.asset === 'base' ? market.rules.base : market.rules.quote;
    const value = market.balances[t.asset][kind];
    const was: Status = previous[key] ?? 'normal';
    const now = balanceStatus(t, value, was, config.recoveryMargin);
    if (now !== 'normal') breaches[key] = now;
    if (now === was) continue;
    const figure = (v: string) => assetAmount(v, t.asset, market.rules);
    const facts = { asset, pair: market.rules.symbol, what: `@monitor.balance.${kind}`, value: figure(value) };
    if (now === 'below') {
      const threshold = figure(t.below!);
      intents.push(notify('warn', text('monitor.balance.belowTitle', { asset, threshold }), text('monitor.balance.belowText', { ...facts, threshold })));
    } else if (now === 'above') {
      const threshold = figure(t.above!);
      intents.push(notify('warn', text('monitor.balance.aboveTitle', { asset, threshold }), text('monitor.balance.aboveText', { ...facts, threshold })));
    } else {
      const back = was === 'below' ? text('monitor.balance.backAboveText', { ...facts, threshold: figure(t.below!) }) : text('monitor.balance.backBelowText', { ...facts, threshold: figure(t.above!) });
      intents.push(notify('info', text('monitor.balance.backTitle', { asset }), back));
    }
  }
  return { intents, state: { run: input.startedAt, breaches }, reference: null };
}

export const monitorBalanceStrategy: Strategy<MonitorBalanceConfig, BalanceMonitorState> = {
  type: 'monitor_balance',
  watchOnly: true,
  intervalMs: (config) => config.intervalSec * 1000,
  initialState: () => ({ run: null, breaches: {} }),
  needs: () => ({ bookDepth: 0, references: [], balances: true }),
  decide,
};
