import { intentTexts } from '../testing/intent-texts.ts';
import { parseRobotConfig, renderServerText, type BulldozerConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { decideBulldozer, type BulldozerState } from './bulldozer.strategy.ts';
import { book, fill, ownOrder, places, tick } from './liquidity.fixture.ts';

const asks = book([['99.5', '10']], [['100.5', '2'], ['100.6', '3'], ['100.7', '4'], ['101', '5']]);
const state: BulldozerState = { spent: '0', sweeps: 0, warned: null };

function config(extra: Record<string, unknown> = {}): BulldozerConfig {
  const parsed = parseRobotConfig('bulldozer', { side: 'buy', levelsPerSweep: 2, stopPrice: '100.8', budget: '10000', intervalMin: 2, intervalMax: 4, ...extra });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.config as BulldozerConfig;
}

describe('bulldozer', () => {
  it('sweeps the first N levels of the other side with one IOC at the deepest, sized to their total', () => {
    expect(places(decideBulldozer(tick(config(), state, { market: { book: asks } })).intents)).toEqual([
      expect.objectContaining({ tag: 'dozer', side: 'buy', price: '100.6', amount: '5', timeInForce: 'IOC' }),
    ]);
    const sell = places(decideBulldozer(tick(config({ side: 'sell', stopPrice: '99', levelsPerSweep: 1 }), state, { market: { book: asks } })).intents);
    expect(sell).toEqual([expect.objectContaining({ side: 'sell', price: '99.5', amount: '10' })]);
  });

  it('never sweeps past the stop price and stops once the other side starts beyond it', () => {
    const near = places(decideBulldozer(tick(config({ levelsPerSweep: 4, stopPrice: '100.7' }), state, { market: { book: asks } })).intents);
    expect(near).toEqual([expect.objectContaining({ price: '100.7', amount: '9' })]);
    const out = decideBulldozer(tick(config({ stopPrice: '100.4' }), state, { market: { book: asks } }));
    expect(out.intents).toHaveLength(1);
    const [stopped] = out.intents;
    expect(stopped?.kind === 'stop' && typeof stopped.reason !== 'string' ? renderServerText(stopped.reason, 'en_US') : stopped).toMatch(/^stop price 100.4 reached: the asks start above it; /);
  });

  it('counts its fills against the budget: caps the sweep to what is left, then stops', () => {
    const o = ownOrder('dozer', 'buy', '100', '10');
    const out = decideBulldozer(tick(config({ budget: '1300' }), state, { market: { book: asks }, fills: [fill(o, '10')] }));
    expect(out.state.spent).toBe('1000');
    // 300 left at 100.6: 2.98 of the 5.
    expect(places(out.intents)).toEqual([expect.objectContaining({ amount: '2.98' })]);
    const done = decideBulldozer(tick(config({ budget: '1000.5' }), state, { market: { book: asks }, fills: [fill(o, '10')] }));
    expect(intentTexts(done.intents)).toEqual([expect.stringMatching(/^budget spent: /)]);
  });
});
