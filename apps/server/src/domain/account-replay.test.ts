import { describe, expect, it } from 'vitest';
import { byReplayOrder, REPLAY_START, replayFills, type ReplayFill } from './account-replay.ts';

/** Bot and manual fills on one pair, several at the same instants, sizes that close, flip and reopen the position. */
function fills(): ReplayFill[] {
  const out: ReplayFill[] = [];
  for (let k = 0; k < 40; k++) {
    const at = 1_000 * Math.floor(k / 3);
    out.push({ at, side: k % 3 === 1 ? 'sell' : 'buy', price: `${100 + ((k * 7) % 11)}.${k % 10}`, amount: `${(k % 5) + 1}.25`, feeQuote: k % 7 === 0 ? null : `0.0${k % 9}`, origin: k % 2 ? 'bot' : 'manual', id: 100 - k });
    if (k % 4 === 0) out.push({ at, side: 'sell', price: '103', amount: `${(k % 3) + 4}.5`, feeQuote: '0.5', origin: 'bot', id: 200 + k });
  }
  return out;
}

describe('the analysis replay', () => {
  it('orders by time, then the bots’ fills before the manual ones, then by id', () => {
    const sorted = [...fills()].sort(byReplayOrder);
    const atZero = sorted.filter((f) => f.at === 0).map((f) => `${f.origin}${f.id}`);
    expect(atZero).toEqual(['bot99', 'bot200', 'manual98', 'manual100']);
  });

  it('cut after any fill of its order and resumed from the state there, reads what one replay of every fill reads', () => {
    const all = fills();
    const whole = replayFills(REPLAY_START, all);
    expect(whole.trades).toBe(all.length);
    expect(whole.botTrades).toBe(all.filter((f) => f.origin === 'bot').length);
    const ordered = [...all].sort(byReplayOrder);
    for (let cut = 0; cut <= ordered.length; cut++) {
      // The rest handed over in any order: the replay sorts it.
      const rest = ordered.slice(cut).reverse();
      expect(replayFills(replayFills(REPLAY_START, ordered.slice(0, cut)), rest)).toEqual(whole);
    }
  });
});
