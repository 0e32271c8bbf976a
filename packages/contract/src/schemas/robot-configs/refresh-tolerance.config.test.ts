import { describe, expect, it } from 'vitest';
import { defaultRefreshTolerance, parseRobotConfig, robotTypes, type PairDefaults, type RobotTypeKey } from '../../index.ts';

const btc: PairDefaults = { symbol: 'BTC/USDT', price: '60000', pricePrecision: 2, amountPrecision: 5, minAmount: '0.00001', minNotional: '5' };
/** A cheap coin quoted to 4 decimals: two ticks (0.0002) are 0.4 % of 0.05. */
const coarse: PairDefaults = { symbol: 'DOGE/USDT', price: '0.05', pricePrecision: 4, amountPrecision: 0, minAmount: '1', minNotional: '5' };
/** A price so close to the tick that two ticks pass the field's bound. */
const tiny: PairDefaults = { symbol: 'SHIB/USDT', price: '0.002', pricePrecision: 4, amountPrecision: 0, minAmount: '1', minNotional: '5' };

function toleranceOf(type: RobotTypeKey, pair: PairDefaults): unknown {
  const d = robotTypes[type].defaults(pair, 0) as { refreshTolerance?: string; options?: { refreshTolerance?: string } };
  return d.options?.refreshTolerance ?? d.refreshTolerance;
}

describe('refresh tolerance defaults (issue 19: less churn)', () => {
  it('is half of the smallest half-spread, never under two ticks at the pair price, never over the bound', () => {
    expect(defaultRefreshTolerance(btc, '0.002')).toBe('0.0005');
    expect(defaultRefreshTolerance(btc, '0')).toBe('0.000001'); // 2 × 0.01 / 60000 = 3.3e-7, rounded up to 6 decimals
    expect(defaultRefreshTolerance(coarse, '0.002')).toBe('0.004');
    expect(defaultRefreshTolerance(tiny, '0.002')).toBe('0.05');
  });

  it.each([
    ['depth_near', '0.0005'],
    ['depth_spread', '0.00025'],
    ['follow_exchange', '0.0005'],
    ['follow_combo', '0.0005'],
    ['follow_etf', '0.0005'],
  ] as [RobotTypeKey, string][])('%s defaults carry it (%s on BTC/USDT), and the defaults pass the schema', (type, expected) => {
    expect(toleranceOf(type, btc)).toBe(expected);
    expect(toleranceOf(type, coarse)).toBe('0.004');
    const parsed = parseRobotConfig(type, robotTypes[type].defaults(btc, 0));
    expect(parsed.ok).toBe(true);
  });

  it.each(['depth_near', 'follow_exchange'] as RobotTypeKey[])('%s: 0 to 5 %% accepted, past it refused on the field', (type) => {
    const defaults = robotTypes[type].defaults(btc, 0) as Record<string, unknown>;
    const withTolerance = (t: string) => (type === 'depth_near' ? { ...defaults, options: { refreshTolerance: t } } : { ...defaults, refreshTolerance: t });
    expect(parseRobotConfig(type, withTolerance('0')).ok).toBe(true);
    expect(parseRobotConfig(type, withTolerance('0.05')).ok).toBe(true);
    const refused = parseRobotConfig(type, withTolerance('0.0501'));
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.issues.map((i) => i.field)).toEqual([type === 'depth_near' ? 'options.refreshTolerance' : 'refreshTolerance']);
  });
});
