import { describe, expect, it } from 'vitest';
import { parseRobotConfig, robotConfigJsonSchema, robotTypes, type PairDefaults } from '../../index.ts';

const btc: PairDefaults = { symbol: 'BTC/USDT', price: '60000', pricePrecision: 2, amountPrecision: 5, minAmount: '0.00001', minNotional: '5' };

/** Issue 20 §6: "keep the pair's obligation", a switch of depth near and depth far only, off by default. */
describe("keep the pair's obligation", () => {
  it('is a switch among the professional options of depth near and depth far, off in their defaults', () => {
    for (const type of ['depth_near', 'depth_far'] as const) {
      const defaults = robotTypes[type].defaults(btc, 0) as { options?: Record<string, unknown> };
      expect(defaults.options?.keepObligation).toBeUndefined();
      const property = ((robotConfigJsonSchema(type).properties as Record<string, { properties: Record<string, Record<string, unknown>> }>).options!.properties).keepObligation;
      expect(property).toMatchObject({ type: 'boolean', 'x-kind': 'boolean', title: "Keep the pair's obligation", 'x-title-zh': '维持交易对做市义务' });
      expect(property!.description).toMatch(/least capital/);
      const on = parseRobotConfig(type, { ...defaults, options: { ...defaults.options, keepObligation: true } });
      expect(on.ok && (on.config as { options: Record<string, unknown> }).options.keepObligation).toBe(true);
      const wrong = parseRobotConfig(type, { ...defaults, options: { ...defaults.options, keepObligation: 'yes' } });
      expect(wrong.ok).toBe(false);
    }
  });

  it('is not an option of depth spread', () => {
    const properties = (robotConfigJsonSchema('depth_spread').properties as Record<string, { properties: Record<string, unknown> }>).options!.properties;
    expect(properties).not.toHaveProperty('keepObligation');
    expect(properties).toHaveProperty('refreshTolerance');
  });
});
