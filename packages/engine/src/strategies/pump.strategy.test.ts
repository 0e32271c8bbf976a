import { intentTexts } from '../testing/intent-texts.ts';
import { parseRobotConfig, type PumpConfig } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { book, fill, lowestRng, NOW, ownOrder, places, tick } from './liquidity.fixture.ts';
import { decidePump, pathPrice, type PumpMode, type PumpState } from './pump.strategy.ts';

const fresh: PumpState = { since: null, startPrice: null, spent: '0', reached: false, swingGoal: null, warned: null };
const market = book([['99.5', '10'], ['99', '10']], [['100.5', '1'], ['101', '2'], ['102', '3'], ['103', '4']]);
const trades = (price: string) => [{ id: '1', symbol: 'TKN/USDT', price, amount: '1', side: 'buy' as const, timestamp: NOW - 1000 }];

function config(type: string, extra: Record<string, unknown> = {}): PumpConfig {
  const parsed = parseRobotConfig(type as 'pump_rapid', { targetPrice: '102', targetAt: NOW + 100_000, budget: '1000', orderSizeMin: '1', orderSizeMax: '2', intervalMin: 2, intervalMax: 5, swingMin: '1', swingMax: '2', ...extra });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.config as PumpConfig;
}

function run(mode: PumpMode, cfg: PumpConfig, state: PumpState, over: Parameters<typeof tick<PumpConfig, PumpState>>[2] = {}) {
  return decidePump(mode, tick(cfg, state, { startedAt: NOW, market: { book: market, trades: trades('100') }, ...over }));
}

describe('pump and dump', () => {
  it('oscillating: the goal is a straight path in time from the start price to the target', () => {
    expect(pathPrice('100', '102', NOW, NOW + 100_000, NOW + 50_000, 2)).toBe('101');
    expect(pathPrice('100', '102', NOW, NOW + 100_000, NOW + 200_000, 2)).toBe('102');
    const out = run('oscillating', config('pump_oscillating'), fresh, { now: NOW + 50_000 });
    expect(out.state.startPrice).toBe('100');
    // A sweep of what rests up to the goal, then a minimum print of the goal against itself.
    expect(places(out.intents).map((p) => [p.tag, p.side, p.price, p.timeInForce, p.selfTrade ?? false])).toEqual([
      ['pump', 'buy', '101', 'IOC', false],
      ['pump-print-m', 'sell', '101', 'GTC', true],
      ['pump-print-t', 'buy', '101', 'IOC', true],
    ]);
    // Above the path it sells back down to it (the dump half): into the bids when they reach the path…
    const bidsUp = book([['100.4', '5'], ['99.5', '10']], [['100.5', '1']]);
    const above = run('oscillating', config('pump_oscillating'), { ...fresh, startPrice: '100', since: NOW }, { now: NOW + 10_000, market: { book: bidsUp, trades: trades('101') } });
    expect(places(above.intents)[0]).toMatchObject({ tag: 'pump', side: 'sell', price: '100.2', timeInForce: 'IOC' });
    // …and when nothing rests up to the path, only by printing the path price against itself.
    const printed = run('oscillating', config('pump_oscillating'), { ...fresh, startPrice: '100', since: NOW }, { now: NOW + 10_000, market: { book: market, trades: trades('101') } });
    expect(places(printed.intents).map((p) => [p.tag, p.side, p.price])).toEqual([
      ['pump-print-m', 'buy', '100.2'],
      ['pump-print-t', 'sell', '100.2'],
    ]);
  });

  it('rapid: pushes to the target at once, order size inside [min, max], and stops once a trade prints at the target', () => {
    const out = run('rapid', config('pump_rapid'), fresh);
    const order = places(out.intents).find((p) => p.tag === 'pump');
    expect(order).toMatchObject({ side: 'buy', price: '102' });
    expect(Number(order!.amount)).toBeGreaterThanOrEqual(1);
    expect(Number(order!.amount)).toBeLessThanOrEqual(2);
    const reached = run('rapid', config('pump_rapid'), { ...fresh, startPrice: '100' }, { market: { book: market, trades: trades('102') } });
    expect(intentTexts(reached.intents)).toEqual([expect.stringMatching(/^target reached: target 102 reached/)]);
  });

  it('ratio: swings a drawn percentage of the last price towards the target, capped at it', () => {
    const out = run('ratio', config('pump_ratio', { swingMin: '1', swingMax: '2' }), fresh, { rng: lowestRng });
    expect(out.state.swingGoal).toBe('101');
    expect(places(out.intents).every((p) => p.price === '101')).toBe(true);
    const big = run('ratio', config('pump_ratio', { swingMin: '50', swingMax: '60' }), fresh);
    expect(big.state.swingGoal).toBe('102');
  });

  it('prints the goal against itself when nothing rests between the last price and the goal', () => {
    const thin = book([['99.5', '10']], [['103', '4']]);
    const out = run('rapid', config('pump_rapid'), fresh, { market: { book: thin, trades: trades('100') } });
    expect(places(out.intents)).toEqual([
      expect.objectContaining({ tag: 'pump-print-m', side: 'sell', price: '102', amount: '0.01', timeInForce: 'GTC', selfTrade: true }),
      expect.objectContaining({ tag: 'pump-print-t', side: 'buy', price: '102', amount: '0.01', timeInForce: 'IOC', selfTrade: true }),
    ]);
  });

  it('never spends more than the budget: caps the order to what is left, stops when it is spent or at the target date', () => {
    const o = ownOrder('pump', 'buy', '100', '9');
    const capped = run('rapid', config('pump_rapid', { budget: '1000', orderSizeMin: '5', orderSizeMax: '6' }), fresh, { fills: [fill(o, '9')] });
    expect(capped.state.spent).toBe('900');
    // 100 left at 102, less the 1.02 the print takes: 0.97.
    expect(places(capped.intents).map((p) => [p.tag, p.amount])).toEqual([
      ['pump', '0.97'],
      ['pump-print-m', '0.01'],
      ['pump-print-t', '0.01'],
    ]);
    const spent = run('rapid', config('pump_rapid', { budget: '900.5' }), fresh, { fills: [fill(o, '9')] });
    expect(intentTexts(spent.intents)).toEqual([expect.stringMatching(/^budget spent/)]);
    const late = run('oscillating', config('pump_oscillating'), fresh, { now: NOW + 100_000 });
    expect(intentTexts(late.intents)).toEqual([expect.stringMatching(/^target date reached: target 102 not reached, 0 of the 1000 USDT budget spent/)]);
  });
});
