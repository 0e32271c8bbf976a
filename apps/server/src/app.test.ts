import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogue, ErrorCode } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the /backend surface', () => {
  it('health answers the envelope with the database kind', async () => {
    const res = await t.call('GET', '/backend/health');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(res.body.data.database);
  });

  it('serves an OpenAPI document generated from the zod schemas, covering every call', async () => {
    const raw = await t.app.inject({ method: 'GET', url: '/backend/docs/json' });
    expect(raw.statusCode).toBe(200);
    const doc = raw.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/backend/admin/login',
      '/backend/admin/logout',
      '/backend/admin/{id}',
      '/backend/admin/list',
      '/backend/admin/loginLog/list',
      '/backend/admin/addUser',
      '/backend/admin/update',
      '/backend/admin/updatePassword',
      '/backend/coin/list',
      '/backend/platform/list',
      '/backend/account-permissions/add',
      '/backend/account-permissions/list',
      '/backend/tradingLog/list',
      '/backend/credentials/add',
      '/backend/credentials/update',
      '/backend/order/getOrders',
      '/backend/order/getHistoryOrders',
      '/backend/order/cancelOrder',
      '/backend/order/addOrder',
      '/backend/order/trade',
      '/backend/order/wallet',
      '/backend/order/candles',
      '/backend/order/orderBook',
      '/backend/order/orderBookOther',
      '/backend/order/performTrades',
      '/backend/order/tradesList',
      '/backend/order/generateOrders',
      '/backend/order/cancelOrderList',
      '/backend/order/apiVerify',
      '/backend/order/getPrice',
      '/backend/notification/spot/{symbol}/candles',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const addUser = doc.paths['/backend/admin/addUser'].post.requestBody.content['application/json'].schema;
    expect(addUser.required).toEqual(expect.arrayContaining(['account', 'role', 'employeeName', 'password']));
    const ui = await t.app.inject({ method: 'GET', url: '/backend/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('unknown /backend paths answer a 404 envelope, never an HTML page', async () => {
    const res = await t.call('GET', '/backend/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, data: { code: 2030001 }, msg: 'The requested service was not found' });
  });

  it('an unsupported body type is a 400 in the envelope', async () => {
    const raw = await t.app.inject({ method: 'POST', url: '/backend/admin/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().data.code).toBe(1050400);
  });

  it('a signed-in call without a session is refused before its body is read: 401, never a validation answer that describes the body', async () => {
    const probes = [
      await t.call('PUT', '/backend/robot/update', { body: { nonsense: true } }),
      await t.call('POST', '/backend/admin/addUser', { body: {} }),
      await t.call('POST', '/backend/credentials/add', { body: { apiKey: 1 }, token: 'not-a-token' }),
    ];
    const garbage = await t.app.inject({ method: 'POST', url: '/backend/admin/addUser', headers: { 'content-type': 'application/json' }, payload: '{"account":' });
    for (const { status, body } of [...probes, { status: garbage.statusCode, body: garbage.json() }]) {
      expect(status).toBe(401);
      expect(body.data.code).toBe(ErrorCode.UNAUTHORIZED);
    }
  });

  it('every error answer carries a code that is in the catalogue', async () => {
    const probes = [
      t.call('GET', '/backend/nope'),
      t.call('GET', '/backend/admin/list'),
      t.call('POST', '/backend/admin/login', { body: {} }),
      t.call('POST', '/backend/admin/login', { body: { username: 'a@b.c', password: 'wrong-one' } }),
      t.call('PUT', '/backend/admin/updatePassword', { body: { action: 'verifyCode', email: 'a@b.c', code: '123456' } }),
    ];
    for (const { body } of await Promise.all(probes)) {
      expect(body.code).not.toBe(200);
      expect(catalogue.has(body.data.code)).toBe(true);
    }
  });

  it('serves the built console: files, the SPA shell for routes (also /zh-cn), 404 for missing files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>MakerDesk</title>');
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1)');
    const web = await createTestApp({ webDist: dir });
    try {
      for (const url of ['/', '/dashborad', '/zh-cn/work', '/user/logManage?x=1']) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<title>MakerDesk</title>');
      }
      const js = await web.app.inject({ method: 'GET', url: '/assets/app-1.js' });
      expect(js.headers['content-type']).toContain('javascript');
      writeFileSync(join(dir, 'assets', 'app-2.js'), 'console.log(2)');
      expect((await web.app.inject({ method: 'GET', url: '/assets/app-2.js' })).body).toBe('console.log(2)');
      expect((await web.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });

  it('without a built console, other paths say how to build it', async () => {
    const raw = await t.app.inject({ method: 'GET', url: '/dashborad' });
    expect(raw.statusCode).toBe(503);
    expect(raw.body).toContain('npm run build');
  });
});
