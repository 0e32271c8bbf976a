import { text, type EmergencyStopConfig, type ServerText } from '@makerdesk/contract';
import { add, compare, max, minus } from '@makerdesk/decimal';
import { alert, emergencyStop, notify, stop, type Intent } from '../intents.ts';
import type { PairBotFigures } from '../ports.ts';
import type { Strategy, TickInput, TickOutput } from '../strategy.ts';
import { assetAmount, joined, midPrice, nested, priceOf, sameRun } from './monitor-kit.ts';

/**
 * Emergency stop guard (docs/strategies.md, "Emergency stop"): the pair's bots' summed total P&L
 * against its peak since the guard started (Hummingbot's drawdown rule: peak − current > limit),
 * and the mid price against its bounds. The first rule that trips fires the pair's emergency stop
 * once; the guard then stops itself with the reason.
 */
export interface EmergencyStopState {
  run: number | null;
  /** Highest summed total P&L seen in this run (the first reading is the first peak). */
  peak: string | null;
  /** The last summed total P&L read. */
  last: string | null;
  /** The reason it fired for (a string: kept by an older version, in English). */
  fired: ServerText | string | null;
  blind: boolean;
}

/** Σ total P&L of the pair's bots; null when one of them has none (no price to value its position). */
export function summedPnl(bots: readonly PairBotFigures[]): string | null {
  let sum = '0';
  for (const bot of bots) {
    if (bot.totalPnl === null) return null;
    sum = add(sum, bot.totalPnl);
  }
  return sum;
}

function decide(input: TickInput<EmergencyStopConfig, EmergencyStopState>): TickOutput<EmergencyStopState> {
  const { config, market } = input;
  const { rules } = market;
  const pair = rules.symbol;
  const prior: EmergencyStopState = sameRun(input.state, input.startedAt) ? input.state : { run: input.startedAt, peak: null, last: null, fired: null, blind: false };
  // Fired already (the stop did not go through): stop again, never fire twice.
  if (prior.fired !== null) return { intents: [stop(firedReason(prior.fired))], state: prior, reference: null };
  const price = midPrice(market.book);
  const intents: Intent[] = [];
  let state: EmergencyStopState = { ...prior, blind: price === null };
  if (price === null && !prior.blind) intents.push(alert('warn', text('monitor.guard.emptyBook', { pair })));
  if (price !== null && prior.blind) intents.push(alert('info', text('monitor.guard.priceBack', { pair, price: priceOf(price, rules) })));

  const reasons: ServerText[] = [];
  if (price !== null && config.lowerBound !== undefined && compare(price, config.lowerBound) < 0) reasons.push(text('monitor.guard.below', { price: priceOf(price, rules), lower: priceOf(config.lowerBound, rules) }));
  if (price !== null && config.upperBound !== undefined && compare(price, config.upperBound) > 0) reasons.push(text('monitor.guard.above', { price: priceOf(price, rules), upper: priceOf(config.upperBound, rules) }));
  if (price !== null && config.maxDrawdown !== undefined && market.pairBots !== undefined) {
    const total = summedPnl(market.pairBots);
    if (total !== null) {
      const peak = state.peak === null ? total : max(state.peak, total);
      state = { ...state, peak, last: total };
      const drawdown = minus(peak, total);
      if (compare(drawdown, config.maxDrawdown) > 0) {
        const q = (v: string) => assetAmount(v, 'quote', rules);
        reasons.push(text('monitor.guard.drawdown', { drawdown: q(drawdown), pnl: q(total), peak: q(peak), maxDrawdown: q(config.maxDrawdown) }));
      }
    }
  }
  if (reasons.length === 0) return { intents, state, reference: price };
  const reason = joined(reasons);
  return {
    intents: [
      ...intents,
      emergencyStop(reason),
      notify('error', text('monitor.guard.title', { pair }), text('monitor.guard.text', nested('breach', reason))),
      stop(firedReason(reason)),
    ],
    state: { ...state, fired: reason },
    reference: price,
  };
}

/** The guard's own stop reason; a reason kept as English by an older version reads as it was. */
function firedReason(fired: ServerText | string): ServerText | string {
  return typeof fired === 'string' ? `emergency stop fired: ${fired}` : text('monitor.guard.fired', nested('breach', fired));
}

export const emergencyStopStrategy: Strategy<EmergencyStopConfig, EmergencyStopState> = {
  type: 'emergency_stop',
  watchOnly: true,
  intervalMs: (config) => config.intervalSec * 1000,
  initialState: () => ({ run: null, peak: null, last: null, fired: null, blind: false }),
  needs: (config) => ({ bookDepth: 1, references: [], balances: false, pairFigures: config.maxDrawdown !== undefined }),
  decide,
};
