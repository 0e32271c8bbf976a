import { describe, expect, it } from 'vitest';
import { parseRobotConfig, robotTypeKeys, robotTypes, type PairDefaults, type RobotTypeKey } from '../../index.ts';

const pair: PairDefaults = { symbol: 'ETH/USDT', price: '3200', pricePrecision: 2, amountPrecision: 4, minAmount: '0.0001', minNotional: '5' };
const VOLUME: RobotTypeKey[] = ['volume_random', 'volume_natural', 'volume_range', 'volume_mid', 'volume_sine', 'volume_min_hold'];
const SIM_ONLY: RobotTypeKey[] = [...VOLUME, 'book_flash', 'pump_oscillating', 'pump_rapid', 'pump_ratio', 'bulldozer'];

function issues(type: RobotTypeKey, patch: Record<string, unknown>): { field: string; message: string }[] {
  const result = parseRobotConfig(type, { ...(robotTypes[type].defaults(pair, 0) as object), ...patch });
  return result.ok ? [] : result.issues;
}

describe('simulation-only bot types (DESIGN §8)', () => {
  it('are registered as strategy types marked simulation only, and only they are', () => {
    expect(robotTypeKeys.filter((t) => robotTypes[t].simulationOnly)).toEqual(SIM_ONLY);
    for (const type of SIM_ONLY) {
      expect(robotTypes[type].category).toBe('strategy');
      expect(robotTypes[type].nameZh).not.toBe(robotTypes[type].name);
      expect(robotTypes[type].descriptionZh.length).toBeGreaterThan(5);
    }
  });

  it.each(VOLUME)('%s: spec §5 single volume min 0-10,000 / max up to 100,000', (type) => {
    expect(issues(type, { volumeMin: '10000', volumeMax: '100000' })).toEqual([]);
    expect(issues(type, { volumeMin: '10000.1', volumeMax: '100000' }).map((i) => i.field)).toEqual(['volumeMin']);
    expect(issues(type, { volumeMax: '100000.1' }).map((i) => i.field)).toEqual(['volumeMax']);
    expect(issues(type, { volumeMin: '0' })).toEqual([]);
    expect(issues(type, { volumeMin: '5', volumeMax: '5' })).toEqual([
      { field: 'volumeMin', message: 'Min value cannot exceed max value' },
      { field: 'volumeMax', message: 'Max value must exceed min value' },
    ]);
  });

  it.each([...VOLUME, 'book_flash' as const])('%s: spec §5 round interval min 1-5 / max up to 300, round order count min 1-3 / max up to 15', (type) => {
    expect(issues(type, { intervalMin: 5, intervalMax: 300, orderCountMin: 3, orderCountMax: 15 })).toEqual([]);
    expect(issues(type, { intervalMin: 0 }).map((i) => i.field)).toEqual(['intervalMin']);
    expect(issues(type, { intervalMin: 6, intervalMax: 300 }).map((i) => i.field)).toEqual(['intervalMin']);
    expect(issues(type, { intervalMax: 301 }).map((i) => i.field)).toEqual(['intervalMax']);
    expect(issues(type, { orderCountMin: 4, orderCountMax: 15 }).map((i) => i.field)).toEqual(['orderCountMin']);
    expect(issues(type, { orderCountMax: 16 }).map((i) => i.field)).toEqual(['orderCountMax']);
    expect(issues(type, { intervalMin: 3, intervalMax: 3, orderCountMin: 2, orderCountMax: 1 })).toEqual([
      { field: 'intervalMin', message: 'Min value cannot exceed max value' },
      { field: 'intervalMax', message: 'Max value must exceed min value' },
      { field: 'orderCountMin', message: 'Min value cannot exceed max value' },
      { field: 'orderCountMax', message: 'Max value must exceed min value' },
    ]);
  });

  it('mode fields: range low below high, sine period, quiet window, flash levels, ratio swing 1-100 %', () => {
    expect(issues('volume_range', { priceLow: '3300', priceHigh: '3200' }).map((i) => i.field)).toEqual(['priceLow', 'priceHigh']);
    expect(issues('volume_sine', { periodSec: 5 }).map((i) => i.field)).toEqual(['periodSec']);
    expect(issues('volume_min_hold', { quietSec: 'x' }).map((i) => i.field)).toEqual(['quietSec']);
    expect(issues('volume_natural', { walkStep: '1.5' }).map((i) => i.field)).toEqual(['walkStep']);
    expect(issues('book_flash', { levelMin: 9, levelMax: 8 }).map((i) => i.field)).toEqual(['levelMin', 'levelMax']);
    expect(issues('book_flash', { levelMax: 51 }).map((i) => i.field)).toEqual(['levelMax']);
    expect(issues('pump_ratio', { swingMin: '0.5' }).map((i) => i.field)).toEqual(['swingMin']);
    expect(issues('pump_ratio', { swingMin: '1', swingMax: '100' })).toEqual([]);
    expect(issues('pump_ratio', { swingMax: '100.5' }).map((i) => i.field)).toEqual(['swingMax']);
    expect(issues('pump_rapid', { intervalMin: 6, intervalMax: 60 }).map((i) => i.field)).toEqual(['intervalMin']);
    expect(issues('pump_oscillating', { orderSizeMin: '2', orderSizeMax: '1' }).map((i) => i.field)).toEqual(['orderSizeMin', 'orderSizeMax']);
    expect(issues('bulldozer', { levelsPerSweep: 0 }).map((i) => i.field)).toEqual(['levelsPerSweep']);
    expect(issues('bulldozer', { side: 'both' }).map((i) => i.field)).toEqual(['side']);
  });
});
