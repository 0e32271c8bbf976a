import { describe, expect, it } from 'vitest';
import type { EnginePhase } from '../engine/engine-host.ts';
import { checkDatabase, checkEngine, checkServer, checkSimulator, readinessOf, ReadinessService, type SimulatorReach } from './readiness.ts';

describe('readiness checks', () => {
  it('the database: answered, failed (without the error text, which may name a host), or timed out', async () => {
    expect(await checkDatabase(async () => undefined, 1000)).toEqual({ ok: true, state: 'answered' });
    expect(await checkDatabase(async () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:5432')), 1000)).toEqual({ ok: false, state: 'failed' });
    expect(await checkDatabase(() => new Promise(() => undefined), 5)).toEqual({ ok: false, state: 'timed-out' });
  });

  it('the simulator: run here, or its holder answered within the freshness window', () => {
    expect(checkSimulator({ local: true }, 1_000_000, 15_000)).toEqual({ ok: true, state: 'local' });
    expect(checkSimulator({ local: false, lastAnswerAt: 1_000_000 - 15_000 }, 1_000_000, 15_000)).toEqual({ ok: true, state: 'remote' });
    expect(checkSimulator({ local: false, lastAnswerAt: 1_000_000 - 15_001 }, 1_000_000, 15_000)).toEqual({ ok: false, state: 'unreachable' });
    expect(checkSimulator({ local: false, lastAnswerAt: undefined }, 1_000_000, 15_000)).toEqual({ ok: false, state: 'unreachable' });
  });

  it('the engine: only a running engine is ready', () => {
    expect(checkEngine('running')).toEqual({ ok: true, state: 'running' });
    for (const phase of ['not-started', 'starting', 'stopping'] as const) expect(checkEngine(phase)).toEqual({ ok: false, state: phase });
  });

  it('the server: serving, or draining once told to stop', () => {
    expect(checkServer(false)).toEqual({ ok: true, state: 'serving' });
    expect(checkServer(true)).toEqual({ ok: false, state: 'draining' });
  });

  it('ready when every check passed, else the failed checks in order', () => {
    const pass = { ok: true, state: 'x' };
    const fail = { ok: false, state: 'y' };
    expect(readinessOf({ database: pass, simulator: pass, engine: pass, server: pass })).toMatchObject({ status: 'ready', failed: [] });
    expect(readinessOf({ database: fail, simulator: pass, engine: fail, server: pass })).toMatchObject({ status: 'not-ready', failed: ['database', 'engine'] });
    expect(readinessOf({ database: pass, simulator: pass, engine: pass, server: fail })).toMatchObject({ status: 'not-ready', failed: ['server'] });
  });
});

describe('ReadinessService', () => {
  it('asks each probe and says which failed', async () => {
    let down = false;
    let reach: SimulatorReach = { local: false, lastAnswerAt: 9_000 };
    let phase: EnginePhase = 'running';
    const readiness = new ReadinessService(
      {
        pingDatabase: async () => {
          if (down) throw new Error('database unreachable');
        },
        simulator: () => reach,
        engine: () => phase,
      },
      { now: () => 10_000, simulatorFreshMs: 5_000 },
    );
    expect(await readiness.check()).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true, state: 'answered' },
        simulator: { ok: true, state: 'remote' },
        engine: { ok: true, state: 'running' },
        server: { ok: true, state: 'serving' },
      },
      failed: [],
    });
    down = true;
    reach = { local: false, lastAnswerAt: 4_000 };
    phase = 'stopping';
    expect(await readiness.check()).toEqual({
      status: 'not-ready',
      checks: {
        database: { ok: false, state: 'failed' },
        simulator: { ok: false, state: 'unreachable' },
        engine: { ok: false, state: 'stopping' },
        server: { ok: true, state: 'serving' },
      },
      failed: ['database', 'simulator', 'engine'],
    });
  });

  it('answers draining from the moment it is told to, the other checks still asked', async () => {
    const readiness = new ReadinessService({ pingDatabase: async () => undefined, simulator: () => ({ local: true }), engine: () => 'running' });
    expect((await readiness.check()).status).toBe('ready');
    expect(readiness.isDraining).toBe(false);
    readiness.drain();
    expect(readiness.isDraining).toBe(true);
    expect(await readiness.check()).toEqual({
      status: 'not-ready',
      checks: {
        database: { ok: true, state: 'answered' },
        simulator: { ok: true, state: 'local' },
        engine: { ok: true, state: 'running' },
        server: { ok: false, state: 'draining' },
      },
      failed: ['server'],
    });
  });
});
