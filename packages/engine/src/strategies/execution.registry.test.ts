import { robotTypes } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import type { AnyStrategy } from '../strategy.ts';
import { executionStrategies } from './execution.registry.ts';
import { book, market, tick } from './testing/execution-fixtures.ts';

const NOW = 1_700_000_000_000;
const pair = { symbol: 'TKN/USDT', price: '100', pricePrecision: 2, amountPrecision: 4, minAmount: '0.001', minNotional: '5' };
const defaultsOf = (key: keyof typeof executionStrategies) => {
  const definition = robotTypes[key];
  return definition.config.parse(definition.defaults(pair, NOW)) as never;
};

describe('executionStrategies', () => {
  it('files each strategy under its own type key, and each initial state is plain JSON', () => {
    for (const [key, strategy] of Object.entries(executionStrategies)) {
      expect(strategy.type).toBe(key);
      const state = strategy.initialState(defaultsOf(key as keyof typeof executionStrategies), NOW);
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    }
    expect(Object.keys(executionStrategies).sort()).toEqual(['follow_combo', 'follow_etf', 'follow_exchange', 'follow_strict', 'range_oscillation', 'smart_buy', 'smart_sell']);
  });

  it('runs every type on its defaults, on an empty market and on a live one, without throwing', () => {
    const live = market({
      book: book([['99.9', '50']], [['100.1', '50']]),
      references: {
        'sim:TKN/USDT': book([['99.8', '50']], [['100.2', '50']]),
        'sim:BTC/USDT': book([['59990', '1']], [['60010', '1']]),
        'sim:ETH/USDT': book([['2999', '10']], [['3001', '10']]),
      },
    });
    for (const key of Object.keys(executionStrategies) as (keyof typeof executionStrategies)[]) {
      const strategy: AnyStrategy = executionStrategies[key];
      const config = defaultsOf(key);
      const state = strategy.initialState(config, NOW);
      expect(() => strategy.decide(tick(config, state, { now: NOW, startedAt: NOW }))).not.toThrow();
      const out = strategy.decide(tick(config, state, { now: NOW, startedAt: NOW, market: live }));
      expect(out.intents.filter((i) => i.kind === 'place').length, key).toBeGreaterThan(0);
    }
  });
});
