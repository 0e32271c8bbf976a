import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_RUNTIME } from './engine-host.ts';
import { RobotLiveHub } from './robot-live.ts';

const owners: Record<number, { coinId: number; adminId: number }> = { 1: { coinId: 10, adminId: 7 }, 2: { coinId: 10, adminId: 8 }, 3: { coinId: 20, adminId: 7 } };

describe('RobotLiveHub', () => {
  let lookups: number[];
  let hub: RobotLiveHub;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    lookups = [];
    hub = new RobotLiveHub(
      async (id) => {
        lookups.push(id);
        return owners[id] ?? null;
      },
      (id) => ({ ...IDLE_RUNTIME, openOrders: id * 10 }),
      1000,
    );
  });
  afterEach(() => {
    hub.close();
    vi.useRealTimers();
  });

  it("sends a pair's changed bots at most once a second, each once per batch, sorted, with owner and runtime", async () => {
    const got: unknown[] = [];
    hub.subscribe(10, (updates) => got.push(updates));
    hub.activity(2);
    hub.tick(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(got).toEqual([
      [
        { id: 1, adminId: 7, runtime: { ...IDLE_RUNTIME, openOrders: 10 } },
        { id: 2, adminId: 8, runtime: { ...IDLE_RUNTIME, openOrders: 20 } },
      ],
    ]);
    hub.order(1);
    hub.tick(1);
    hub.activity(3);
    await vi.advanceTimersByTimeAsync(500);
    expect(got).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(got).toHaveLength(2);
    expect(got[1]).toEqual([{ id: 1, adminId: 7, runtime: { ...IDLE_RUNTIME, openOrders: 10 } }]);
    // Owners are looked up once per bot.
    expect(lookups.sort()).toEqual([1, 2, 3]);
  });

  it('does nothing without listeners, stops after unsubscribe, and a failing listener harms no other', async () => {
    hub.tick(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(lookups).toEqual([]);
    const good: unknown[] = [];
    hub.subscribe(10, () => {
      throw new Error('socket gone');
    });
    const stop = hub.subscribe(10, (u) => good.push(u));
    hub.tick(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(good).toHaveLength(1);
    stop();
    hub.tick(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(good).toHaveLength(1);
    hub.tick(99);
    await vi.advanceTimersByTimeAsync(2000);
    expect(good).toHaveLength(1);
  });
});
