import type { EmergencyStopConfig } from '@makerdesk/contract';
import { add, compare, max, minus } from '@makerdesk/decimal';
import { alert, emergencyStop, notify, stop, type Intent } from '../intents.ts';
import type { PairBotFigures } from '../ports.ts';
import type { Strategy, TickInput, TickOutput } from '../strategy.ts';
import { midPrice, sameRun } from './monitor-kit.ts';

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
  fired: string | null;
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
  const { symbol, quote } = market.rules;
  const prior: EmergencyStopState = sameRun(input.state, input.startedAt) ? input.state : { run: input.startedAt, peak: null, last: null, fired: null, blind: false };
  // Fired already (the stop did not go through): stop again, never fire twice.
  if (prior.fired !== null) return { intents: [stop(`emergency stop fired: ${prior.fired}`)], state: prior, reference: null };
  const price = midPrice(market.book);
  const intents: Intent[] = [];
  let state: EmergencyStopState = { ...prior, blind: price === null };
  if (price === null && !prior.blind) intents.push(alert('warn', `Emergency stop guard: the ${symbol} book is empty; price bounds and drawdown wait for a price`));
  if (price !== null && prior.blind) intents.push(alert('info', `Emergency stop guard: ${symbol} has a price again (${price})`));

  const reasons: string[] = [];
  if (price !== null && config.lowerBound !== undefined && compare(price, config.lowerBound) < 0) reasons.push(`price ${price} below the lower bound ${config.lowerBound}`);
  if (price !== null && config.upperBound !== undefined && compare(price, config.upperBound) > 0) reasons.push(`price ${price} above the upper bound ${config.upperBound}`);
  if (price !== null && config.maxDrawdown !== undefined && market.pairBots !== undefined) {
    const total = summedPnl(market.pairBots);
    if (total !== null) {
      const peak = state.peak === null ? total : max(state.peak, total);
      state = { ...state, peak, last: total };
      const drawdown = minus(peak, total);
      if (compare(drawdown, config.maxDrawdown) > 0) {
        reasons.push(`drawdown ${drawdown} ${quote} of the pair's bots (total P&L ${total} from a peak of ${peak}) passed the limit ${config.maxDrawdown} ${quote}`);
      }
    }
  }
  if (reasons.length === 0) return { intents, state, reference: price };
  const reason = reasons.join('; ');
  return {
    intents: [
      ...intents,
      emergencyStop(reason),
      notify('error', `Emergency stop: ${symbol}`, `${reason}. The pair's bots are stopped and their orders cancelled; this guard stops too.`),
      stop(`emergency stop fired: ${reason}`),
    ],
    state: { ...state, fired: reason },
    reference: price,
  };
}

export const emergencyStopStrategy: Strategy<EmergencyStopConfig, EmergencyStopState> = {
  type: 'emergency_stop',
  watchOnly: true,
  intervalMs: (config) => config.intervalSec * 1000,
  initialState: () => ({ run: null, peak: null, last: null, fired: null, blind: false }),
  needs: (config) => ({ bookDepth: 1, references: [], balances: false, pairFigures: config.maxDrawdown !== undefined }),
  decide,
};
