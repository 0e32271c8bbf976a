/**
 * The load balancers' probes: GET /backend/health/live answers without the database; GET
 * /backend/health/ready checks the database, the simulator seat and the engine, and answers 503 with
 * the failed checks in the envelope. Neither needs a sign-in, and neither says an address or an error's text.
 */
import { ErrorCode } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HIDDEN_HOST = '10.9.8.7';

describe('health probes', () => {
  it('ready answers 503 with the failed check until the engine has started, then 200 with every check', async () => {
    const before = await t.call('GET', '/backend/health/ready');
    expect(before.status).toBe(503);
    expect(before.body).toEqual({
      code: 503,
      data: {
        status: 'not-ready',
        checks: {
          database: { ok: true, state: 'answered' },
          simulator: { ok: true, state: 'local' },
          engine: { ok: false, state: 'not-started' },
          server: { ok: true, state: 'serving' },
        },
        failed: ['engine'],
        code: ErrorCode.NOT_READY,
      },
      msg: 'Not ready: engine',
    });
    expect((await t.call('GET', '/backend/health/ready', { lang: 'zh_CN' })).body.msg).toBe('尚未就绪：engine');

    await t.services.engine.start();
    const after = await t.call('GET', '/backend/health/ready');
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      code: 200,
      data: {
        status: 'ready',
        checks: {
          database: { ok: true, state: 'answered' },
          simulator: { ok: true, state: 'local' },
          engine: { ok: true, state: 'running' },
          server: { ok: true, state: 'serving' },
        },
        failed: [],
      },
      msg: 'SUCCESS',
    });
  });

  it('live answers while the database does not, and never touches it; ready says the database failed, not why', async () => {
    const execute = vi.spyOn(t.database.db, 'execute').mockRejectedValue(new Error(`connect ECONNREFUSED ${HIDDEN_HOST}:5432`));
    try {
      const live = await t.call('GET', '/backend/health/live');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ code: 200, data: { status: 'live', uptimeSeconds: expect.any(Number) }, msg: 'SUCCESS' });
      expect(execute).not.toHaveBeenCalled();

      const ready = await t.call('GET', '/backend/health/ready');
      expect(execute).toHaveBeenCalledTimes(1);
      expect(ready.status).toBe(503);
      expect(ready.body.data).toMatchObject({ status: 'not-ready', failed: ['database'], checks: { database: { ok: false, state: 'failed' } } });
      expect(ready.raw.payload).not.toContain(HIDDEN_HOST);
      expect(ready.raw.payload).not.toContain('ECONNREFUSED');
    } finally {
      execute.mockRestore();
    }
    expect((await t.call('GET', '/backend/health/ready')).status).toBe(200);
  });

  it('both probes are in the OpenAPI document as calls that take no token, ready with its 503', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/backend/docs/json' })).json() as { paths: Record<string, { get?: { security?: unknown; responses?: Record<string, unknown> } }> };
    expect(doc.paths['/backend/health/live']?.get?.security).toEqual([]);
    expect(doc.paths['/backend/health/ready']?.get?.security).toEqual([]);
    expect(Object.keys(doc.paths['/backend/health/ready']?.get?.responses ?? {}).sort()).toEqual(['200', '503']);
  });

  it('ready answers 503 once the engine is shutting down', async () => {
    await t.services.engine.shutdown();
    const res = await t.call('GET', '/backend/health/ready');
    expect(res.status).toBe(503);
    expect(res.body.data).toMatchObject({ failed: ['engine'], checks: { engine: { ok: false, state: 'stopping' } } });
    expect((await t.call('GET', '/backend/health/live')).status).toBe(200);
  });

  it('ready answers 503 once the server drains (told to stop), live still 200', async () => {
    t.services.readiness.drain();
    const res = await t.call('GET', '/backend/health/ready');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: 503,
      data: { failed: ['engine', 'server'], checks: { server: { ok: false, state: 'draining' } }, code: ErrorCode.NOT_READY },
      msg: 'Not ready: engine, server',
    });
    expect((await t.call('GET', '/backend/health/ready', { lang: 'zh_CN' })).body.msg).toBe('尚未就绪：engine, server');
    expect((await t.call('GET', '/backend/health/live')).status).toBe(200);
  });
});
