import { describe, expect, it } from 'vitest';
import { EMPTY_LIVE_FIGURES, parseRobotConfig, robotConfigJsonSchema, robotRuntime, robotTypeKeys, robotTypes, type PairDefaults } from '../index.ts';

const pairs: PairDefaults[] = [
  { symbol: 'BTC/USDT', price: '65000', pricePrecision: 2, amountPrecision: 5, minAmount: '0.00001', minNotional: '5' },
  { symbol: 'MDK/USDT', price: '0.85', pricePrecision: 4, amountPrecision: 2, minAmount: '1', minNotional: '5' },
];

describe('robot types', () => {
  it.each(robotTypeKeys)('%s: the defaults for every pair are a valid config', (type) => {
    for (const pair of pairs) {
      const result = parseRobotConfig(type, robotTypes[type].defaults(pair, Date.UTC(2026, 10, 23)));
      expect(result).toMatchObject({ ok: true });
    }
  });

  it.each(robotTypeKeys)('%s: the JSON Schema carries titles in both languages', (type) => {
    const schema = robotConfigJsonSchema(type) as { properties: Record<string, { title?: string; 'x-title-zh'?: string }> };
    const props = Object.entries(schema.properties);
    expect(props.length).toBeGreaterThan(3);
    for (const [, prop] of props.filter(([k]) => k !== 'options')) {
      expect(prop.title, JSON.stringify(prop)).toBeTruthy();
    }
  });

  it('depth near: base spread max must exceed min by 0.0005, with the spec texts on both fields', () => {
    const base = robotTypes.depth_near.defaults(pairs[0]!, 0);
    const result = parseRobotConfig('depth_near', { ...base, baseSpreadMin: '0.002', baseSpreadMax: '0.0022' });
    expect(result).toEqual({
      ok: false,
      issues: [
        { field: 'baseSpreadMin', message: 'Min value cannot exceed max value' },
        { field: 'baseSpreadMax', message: 'Max value must exceed min value' },
      ],
    });
    expect(parseRobotConfig('depth_near', { ...base, baseSpreadMin: '0.002', baseSpreadMax: '0.0025' })).toMatchObject({ ok: true });
  });

  it('spec §5 bounds: depth layers 15-50 / up to 80, nearest offset up to 0.2, farthest from nearest + 0.005', () => {
    const base = robotTypes.depth_far.defaults(pairs[0]!, 0);
    const fails = (patch: Record<string, unknown>) => (parseRobotConfig('depth_far', { ...base, ...patch }) as { ok: boolean }).ok === false;
    expect(fails({ depthLayersMin: 14 })).toBe(true);
    expect(fails({ depthLayersMin: 50, depthLayersMax: 80 })).toBe(false);
    expect(fails({ depthLayersMax: 81 })).toBe(true);
    expect(fails({ nearestOffset: '0.21' })).toBe(true);
    expect(fails({ nearestOffset: '0.2', farthestOffset: '0.204' })).toBe(true);
    expect(fails({ nearestOffset: '0.2', farthestOffset: '0.205' })).toBe(false);
    expect(fails({ orderAmountMin: '10000.1' })).toBe(true);
    expect(fails({ orderAmountMax: '1000000.01' })).toBe(true);
    expect(fails({ orderAmountMin: 'abc' })).toBe(true);
  });

  it('smart sell: the trailing callback is 0.1 to 100 %', () => {
    const base = robotTypes.smart_sell.defaults(pairs[0]!, 0);
    expect(parseRobotConfig('smart_sell', { ...base, trailingCallback: '0.09' })).toMatchObject({ ok: false });
    expect(parseRobotConfig('smart_sell', { ...base, trailingCallback: '100' })).toMatchObject({ ok: true });
    expect(parseRobotConfig('smart_sell', { ...base, trailingCallback: '100.5' })).toMatchObject({ ok: false });
  });
});

describe('robot runtime feed (issue 19)', () => {
  const runtime = { ...EMPTY_LIVE_FIGURES, activity: 'active', lastTickAt: 1, nextTickAt: 2, consecutiveFailures: 0, throttledUntil: null, openOrders: 4 };

  it('carries how the venue’s data arrives: a stream, polling for a reason, or nothing', () => {
    expect(robotRuntime.parse({ ...runtime, feed: { mode: 'polling', since: 1_700_000_000_000, reason: 'down' } }).feed).toEqual({ mode: 'polling', since: 1_700_000_000_000, reason: 'down' });
    expect(robotRuntime.parse({ ...runtime, feed: { mode: 'stream', since: 5, reason: null } }).feed).toEqual({ mode: 'stream', since: 5, reason: null });
    expect(robotRuntime.parse({ ...runtime, feed: null }).feed).toBeNull();
  });

  it('reads a runtime from a server before issue 19 (no feed), and refuses a feed it does not know', () => {
    expect(robotRuntime.safeParse(runtime).success).toBe(true);
    expect(robotRuntime.parse(runtime).feed ?? null).toBeNull();
    expect(robotRuntime.safeParse({ ...runtime, feed: { mode: 'carrier-pigeon', since: 1, reason: null } }).success).toBe(false);
    expect(robotRuntime.safeParse({ ...runtime, feed: { mode: 'polling', since: 1, reason: 'tired' } }).success).toBe(false);
  });
});
