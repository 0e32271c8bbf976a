import { describe, expect, it } from 'vitest';
import { alertOnce } from './warn-once.ts';

describe('alertOnce', () => {
  it('alerts when a condition starts, stays quiet while it holds, and alerts again for another one', () => {
    const first = alertOnce({ warned: null }, 'spread', 'warn', 'narrow');
    expect(first.intents).toEqual([{ kind: 'alert', level: 'warn', message: 'narrow' }]);
    expect(alertOnce(first.state, 'spread', 'warn', 'narrow').intents).toEqual([]);
    expect(alertOnce(first.state, 'funds', 'warn', 'no funds').intents).toHaveLength(1);
  });
});
