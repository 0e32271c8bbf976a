import { robotTypeKeys } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { strategyRegistry } from './registry.ts';

describe('strategy registry', () => {
  it('has the strategy of every listed type, under its own key', () => {
    for (const type of robotTypeKeys) expect(strategyRegistry(type)?.type).toBe(type);
  });
});
