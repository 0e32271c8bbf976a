import { describe, expect, it } from 'vitest';
import { robotConfigJsonSchema } from '../robot.ts';
import { emergencyStopConfig, monitorBalanceConfig, monitorPriceConfig, offsetMinutes, reportBalanceConfig } from './risk-control.config.ts';
import { riskControlTypeKeys } from './risk-control.types.ts';
import { robotTypes } from './robot-types.ts';

const pair = { symbol: 'BTC/USDT', price: '60000', pricePrecision: 2, amountPrecision: 5, minAmount: '0.00001', minNotional: '5' };
const NOW = Date.UTC(2030, 0, 1);
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('risk-control types', () => {
  it('are registered as risk_control, not quoting, allowed on live venues, with valid defaults', () => {
    expect(riskControlTypeKeys).toEqual(['monitor_balance', 'monitor_price', 'report_balance', 'emergency_stop']);
    for (const key of riskControlTypeKeys) {
      const d = robotTypes[key];
      expect([d.type, d.category, d.simulationOnly, d.quoting, d.follows]).toEqual([key, 'risk_control', false, false, false]);
      expect(d.config.safeParse(d.defaults(pair, NOW)).success, key).toBe(true);
      expect(d.nameZh).not.toBe(d.name);
    }
    expect(robotTypes.monitor_price.defaults(pair, NOW)).toMatchObject({ lowerBound: '54000', upperBound: '66000' });
  });

  it('balance monitor: 1 to 10 rows, each with below and/or above, below under above', () => {
    const base = robotTypes.monitor_balance.defaults(pair, NOW);
    expect(issues(monitorBalanceConfig.safeParse({ ...base, thresholds: [] }))).toEqual(['thresholds: Set 1 to 10 thresholds']);
    expect(issues(monitorBalanceConfig.safeParse({ ...base, thresholds: [{ asset: 'base' }] }))).toEqual([
      'thresholds.0.below: Set at least one rule',
      'thresholds.0.above: Set at least one rule',
    ]);
    expect(issues(monitorBalanceConfig.safeParse({ ...base, thresholds: [{ asset: 'quote', below: '10', above: '10' }] }))).toEqual([
      'thresholds.0.below: The "below" threshold must be under the "above" one',
      'thresholds.0.above: The "below" threshold must be under the "above" one',
    ]);
    expect(issues(monitorBalanceConfig.safeParse({ ...base, intervalSec: 4 }))).toEqual(['intervalSec: Must be between 5 and 3600']);
    expect(monitorBalanceConfig.parse({ ...base, thresholds: [{ asset: 'quote', above: 5000 }] }).thresholds).toEqual([{ asset: 'quote', above: '5000' }]);
  });

  it('price monitor: a rule at least, lower under upper, move 0.1-100 % in 1-1440 minutes', () => {
    const base = { windowMinutes: 15, action: 'alert', recoveryMargin: '0', intervalSec: 10 };
    expect(issues(monitorPriceConfig.safeParse(base))).toHaveLength(3);
    expect(issues(monitorPriceConfig.safeParse({ ...base, lowerBound: '110', upperBound: '100' }))).toEqual([
      'lowerBound: Min value cannot exceed max value',
      'upperBound: Max value must exceed min value',
    ]);
    expect(issues(monitorPriceConfig.safeParse({ ...base, movePercent: '0.05' }))).toEqual(['movePercent: Must be between 0.1 and 100']);
    expect(issues(monitorPriceConfig.safeParse({ ...base, movePercent: '1', windowMinutes: 1441 }))).toEqual(['windowMinutes: Must be between 1 and 1440']);
    expect(monitorPriceConfig.safeParse({ ...base, movePercent: '1' }).success).toBe(true);
  });

  it('report: every 1/2/3/4/6/8/12/24 hours or daily at HH:MM, at an offset within ±14:00', () => {
    const base = robotTypes.report_balance.defaults(pair, NOW);
    expect(issues(reportBalanceConfig.safeParse({ ...base, everyHours: 5 }))).toEqual(['everyHours: Choose 1, 2, 3, 4, 6, 8, 12 or 24 hours']);
    expect(issues(reportBalanceConfig.safeParse({ ...base, dailyAt: '24:00' }))).toEqual(['dailyAt: Use HH:MM, e.g. 08:00']);
    expect(issues(reportBalanceConfig.safeParse({ ...base, utcOffset: '+14:30' }))).toEqual(['utcOffset: Use +HH:MM or -HH:MM, from -14:00 to +14:00']);
    expect(issues(reportBalanceConfig.safeParse({ ...base, utcOffset: '8' }))).toEqual(['utcOffset: Use +HH:MM or -HH:MM, from -14:00 to +14:00']);
    expect([offsetMinutes('+08:00'), offsetMinutes('-05:30'), offsetMinutes('+00:00')]).toEqual([480, -330, 0]);
    // The form shows only the field of the chosen schedule.
    const schema = robotConfigJsonSchema('report_balance') as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.dailyAt?.['x-show-when']).toEqual({ field: 'schedule', value: 'daily' });
    expect(schema.properties.everyHours?.['x-show-when']).toEqual({ field: 'schedule', value: 'every' });
  });

  it('emergency stop: a drawdown limit above 0 and/or price bounds', () => {
    expect(issues(emergencyStopConfig.safeParse({ intervalSec: 10 }))).toHaveLength(3);
    expect(issues(emergencyStopConfig.safeParse({ intervalSec: 10, maxDrawdown: '0' }))).toEqual(['maxDrawdown: Must be above 0 and at most 1000000000000']);
    expect(emergencyStopConfig.parse({ intervalSec: 10, maxDrawdown: 25 })).toEqual({ intervalSec: 10, maxDrawdown: '25' });
  });
});
