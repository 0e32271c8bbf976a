import { describe, expect, it } from 'vitest';
import { StreamWatch, VenueHealthTracker } from './venue-health.ts';

const opts = { failuresToDown: 3, minSpanMs: 10_000, quietMs: 15 * 60_000 };

describe('VenueHealthTracker', () => {
  it('is not down on a blip or a burst: three failures over at least the span', () => {
    const t = new VenueHealthTracker(opts);
    expect(t.failure('sim', 0, 'a')).toBeNull();
    expect(t.success('sim', 1_000)).toBeNull();
    // A burst of three in the same second is not an outage yet.
    expect(t.failure('sim', 2_000, 'a')).toBeNull();
    expect(t.failure('sim', 2_100, 'a')).toBeNull();
    expect(t.failure('sim', 2_200, 'a')).toBeNull();
    expect(t.isDown('sim')).toBe(false);
    const down = t.failure('sim', 12_000, 'fetchOrderBook: timeout');
    expect(down).toEqual({ type: 'down', key: 'sim', since: 2_000, what: 'fetchOrderBook: timeout', failures: 4 });
    expect(t.isDown('sim')).toBe(true);
    // Down once: further failures tell nothing.
    expect(t.failure('sim', 20_000, 'x')).toBeNull();
  });

  it('answers up with how long it was down, once', () => {
    const t = new VenueHealthTracker(opts);
    t.failure('sim', 0, 'a');
    t.failure('sim', 5_000, 'a');
    expect(t.failure('sim', 10_000, 'a')?.type).toBe('down');
    expect(t.success('sim', 70_000)).toEqual({ type: 'up', key: 'sim', since: 0, downMs: 70_000 });
    expect(t.success('sim', 71_000)).toBeNull();
    expect(t.isDown('sim')).toBe(false);
  });

  it('keeps keys apart', () => {
    const t = new VenueHealthTracker(opts);
    t.failure('a', 0, 'x');
    t.failure('b', 0, 'x');
    t.failure('a', 5_000, 'x');
    t.success('b', 5_000);
    expect(t.failure('a', 10_000, 'x')?.type).toBe('down');
    expect(t.failure('b', 10_000, 'x')).toBeNull();
  });

  it('hysteresis: a flapping venue tells one down/up pair per quiet time, and a long outage after it still tells', () => {
    const t = new VenueHealthTracker(opts);
    const changes: string[] = [];
    const fail3 = (start: number) => {
      for (const at of [start, start + 5_000, start + 10_000]) {
        const c = t.failure('sim', at, 'x');
        if (c) changes.push(`${c.type}@${at}`);
      }
    };
    fail3(0);
    const up = t.success('sim', 20_000);
    if (up) changes.push(`up@20000`);
    // Flaps every minute for ten minutes: held back.
    for (let m = 1; m <= 10; m++) {
      fail3(m * 60_000);
      const c = t.success('sim', m * 60_000 + 20_000);
      if (c) changes.push(`${c.type}@${m * 60_000 + 20_000}`);
    }
    expect(changes).toEqual(['down@10000', 'up@20000']);
    // Down again at 14 min, still down at 16 min (past the quiet time): told then, since 14 min.
    fail3(14 * 60_000);
    const late = t.failure('sim', 16 * 60_000, 'x');
    expect(late).toMatchObject({ type: 'down', since: 14 * 60_000 });
    expect(t.success('sim', 17 * 60_000)).toEqual({ type: 'up', key: 'sim', since: 14 * 60_000, downMs: 3 * 60_000 });
  });

  it('stalled reports down at once, since the last delivery', () => {
    const t = new VenueHealthTracker(opts);
    expect(t.stalled('sim:BTC/USDT', 40_000, 5_000, 'no data')).toMatchObject({ type: 'down', since: 5_000 });
  });
});

describe('StreamWatch', () => {
  it('down after the stall threshold with listeners, up on the next delivery, nothing without listeners', () => {
    const w = new StreamWatch(30_000, 15 * 60_000);
    w.open('sim:BTC/USDT', 0);
    w.open('sim:BTC/USDT', 0);
    w.deliver('sim:BTC/USDT', 1_000);
    expect(w.check(30_000)).toEqual([]);
    const [down] = w.check(31_000);
    expect(down).toMatchObject({ type: 'down', key: 'sim:BTC/USDT', since: 1_000 });
    expect(w.check(40_000)).toEqual([]);
    expect(w.deliver('sim:BTC/USDT', 45_000)).toEqual({ type: 'up', key: 'sim:BTC/USDT', since: 1_000, downMs: 44_000 });
    w.close('sim:BTC/USDT');
    w.close('sim:BTC/USDT');
    expect(w.check(500_000)).toEqual([]);
  });
});
