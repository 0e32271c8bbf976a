import { describe, expect, it } from 'vitest';
import { drainThenStop, type DrainPlan } from './drain.ts';

/** A plan whose wait is held open until the test releases it, recording every step in order. */
function recorded(drainMs: number) {
  const steps: string[] = [];
  let release: () => void = () => undefined;
  const plan: DrainPlan = {
    drainMs,
    markDraining: () => steps.push('draining'),
    stop: async () => void steps.push('stopped'),
    log: (message) => steps.push(`log: ${message}`),
    wait: (ms, abort) =>
      new Promise((resolve) => {
        steps.push(`wait ${ms}`);
        release = () => resolve();
        abort.addEventListener('abort', () => {
          steps.push('wait cut short');
          resolve();
        });
      }),
  };
  return { plan, steps, release: () => release() };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('drainThenStop', () => {
  it('marks the server draining at once, keeps serving the drain period, then stops', async () => {
    const { plan, steps, release } = recorded(5000);
    const drain = drainThenStop(plan);
    expect(drain.phase).toBe('serving');
    const stopped = drain.signal('SIGTERM');
    await flush();
    expect(drain.phase).toBe('draining');
    expect(steps).toEqual(['draining', 'log: SIGTERM: draining (readiness answers 503), stopping in 5000 ms', 'wait 5000']);
    release();
    await stopped;
    expect(drain.phase).toBe('stopping');
    expect(steps.slice(3)).toEqual(['log: SIGTERM: shutting down', 'stopped']);
  });

  it('with no drain period stops at once, without waiting', async () => {
    const { plan, steps } = recorded(0);
    await drainThenStop(plan).signal('SIGINT');
    expect(steps).toEqual(['draining', 'log: SIGINT: shutting down', 'stopped']);
  });

  it('a second signal during the drain cuts it short; later ones stop nothing twice', async () => {
    const { plan, steps } = recorded(60_000);
    const drain = drainThenStop(plan);
    const first = drain.signal('SIGTERM');
    await flush();
    const second = drain.signal('SIGINT');
    const third = drain.signal('SIGTERM');
    await Promise.all([first, second, third]);
    expect(steps.filter((s) => s === 'stopped')).toHaveLength(1);
    expect(steps.filter((s) => s === 'draining')).toHaveLength(1);
    expect(steps).toContain('log: SIGINT again: draining cut short');
    expect(steps.indexOf('wait cut short')).toBeLessThan(steps.indexOf('stopped'));
  });

  it('the real timer waits the drain period', async () => {
    const stoppedAt: number[] = [];
    const started = Date.now();
    await drainThenStop({ drainMs: 120, markDraining: () => undefined, stop: async () => void stoppedAt.push(Date.now()), log: () => undefined }).signal('SIGTERM');
    expect(stoppedAt[0]! - started).toBeGreaterThanOrEqual(115);
  });
});
