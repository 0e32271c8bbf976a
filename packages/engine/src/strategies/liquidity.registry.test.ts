import {
  ammConfig,
  ammDefaults,
  depthFarConfig,
  depthFarDefaults,
  depthNearConfig,
  depthNearDefaults,
  depthSpreadConfig,
  depthSpreadDefaults,
} from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { createRng } from '../rng.ts';
import type { AnyStrategy } from '../strategy.ts';
import { book, NOW, tick } from './liquidity.fixture.ts';
import { liquidityStrategies } from './liquidity.registry.ts';

const pair = { symbol: 'TKN/USDT', price: '100', pricePrecision: 2, amountPrecision: 2, minAmount: '0.01', minNotional: '1' };
const configs: Record<keyof typeof liquidityStrategies, unknown> = {
  depth_far: depthFarConfig.parse({ ...depthFarDefaults(pair), distribution: 'random' }),
  depth_near: depthNearConfig.parse(depthNearDefaults(pair)),
  depth_spread: depthSpreadConfig.parse(depthSpreadDefaults(pair)),
  amm: ammConfig.parse(ammDefaults(pair)),
};

describe('liquidity strategies', () => {
  it('registers each type under its key', () => {
    for (const [key, strategy] of Object.entries(liquidityStrategies)) expect(strategy.type).toBe(key);
  });

  it.each(Object.keys(liquidityStrategies) as (keyof typeof liquidityStrategies)[])('%s: same input and seed, same output', (key) => {
    const strategy: AnyStrategy = liquidityStrategies[key];
    const config = configs[key];
    const wide = book([['98', '5']], [['102', '5']]);
    const run = () => strategy.decide(tick(config, strategy.initialState(config, NOW), { rng: createRng(11), market: { book: wide } }));
    const a = run();
    expect(run()).toEqual(a);
    expect(a.intents.some((i) => i.kind === 'place')).toBe(true);
    expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
  });

  it.each(Object.keys(liquidityStrategies) as (keyof typeof liquidityStrategies)[])('%s: empty books and zero balances do not crash and place nothing', (key) => {
    const strategy: AnyStrategy = liquidityStrategies[key];
    const config = configs[key];
    const zero = { base: { available: '0', total: '0' }, quote: { available: '0', total: '0' } };
    for (const b of [book([], []), book([['99', '1']], []), book([], [['101', '1']])]) {
      const out = strategy.decide(tick(config, { ...strategy.initialState(config, NOW), reference: '100' }, { market: { book: b, balances: zero } }));
      expect(out.intents.filter((i) => i.kind === 'place')).toEqual([]);
    }
  });
});
