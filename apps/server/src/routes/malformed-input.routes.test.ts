import { ErrorCode, ID_MAX } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let main: string;
let restricted: string;

beforeAll(async () => {
  t = await createTestApp();
  main = await t.login();
  const added = await t.call('POST', '/backend/admin/addUser', { token: main, body: { account: 'ids@makerdesk.local', role: 'trader', employeeName: 'Ids', password: 'Ids-pass-1234' } });
  await t.call('POST', '/backend/account-permissions/add', { token: main, body: { adminId: added.body.data.id, coinId: 1 } });
  restricted = await t.login('ids@makerdesk.local', 'Ids-pass-1234');
});
afterAll(() => t.close());

const invalidParams = (answer: { status: number; body: { code: number; data: { code: number } } }) => ({ status: answer.status, code: answer.body.code, dataCode: answer.body.data.code });
const INVALID = { status: 400, code: 400, dataCode: ErrorCode.INVALID_PARAMS };

describe('ids', () => {
  it('past the int4 range answer the invalid-parameter code, never 500', async () => {
    expect(invalidParams(await t.call('GET', '/backend/admin/2147483648', { token: main }))).toEqual(INVALID);
    expect(invalidParams(await t.call('GET', `/backend/admin/${2 ** 53 + 2}`, { token: main }))).toEqual(INVALID);
    expect(invalidParams(await t.call('POST', '/backend/order/cancelOrder', { token: restricted, body: { coinId: 2147483648, orderNo: '1' } }))).toEqual(INVALID);
    expect(invalidParams(await t.call('GET', '/backend/order/getOrders?coinId=2147483648', { token: restricted }))).toEqual(INVALID);
    expect(invalidParams(await t.call('GET', '/backend/tradingLog/list?coinId=1&robotId=4294967296', { token: main }))).toEqual(INVALID);
    expect(invalidParams(await t.call('DELETE', '/backend/alert/channel/2147483648', { token: restricted }))).toEqual(INVALID);
  });

  it('at the top of the range are looked up (and not found)', async () => {
    const found = await t.call('GET', `/backend/admin/${ID_MAX}`, { token: main });
    expect(found.body.data.code).toBe(ErrorCode.USER_NOT_FOUND);
  });

  it('are decimal digits only: true, hex, exponents and signs are refused', async () => {
    for (const coinId of [true, '0x1', '1e0', '+1', ' 1', 1.0000001]) {
      const answer = await t.call('POST', '/backend/order/cancelOrder', { token: restricted, body: { coinId, orderNo: '1' } });
      expect(invalidParams(answer), JSON.stringify(coinId)).toEqual(INVALID);
    }
    for (const id of ['0x1', '1e0', '%2B1', '1.0']) expect(invalidParams(await t.call('GET', `/backend/admin/${id}`, { token: main })), id).toEqual(INVALID);
    // The main account is id 1: as digits it is read, with leading zeros too.
    expect((await t.call('GET', '/backend/admin/001', { token: main })).body.data.account).toBe('admin@makerdesk.local');
  });
});

describe('paths the router cannot read', () => {
  it('bad percent-encoding answers the envelope with the invalid-parameter code', async () => {
    for (const path of ['/backend/admin/%ff%fe', '/backend/admin/%', '/backend/robot/%E2%82']) {
      const answer = await t.call('GET', path, { token: main });
      expect(answer.raw.headers['content-type'], path).toMatch(/^application\/json/);
      expect(invalidParams(answer), path).toEqual(INVALID);
      expect(answer.body.msg).toBe('Invalid parameters: path: Malformed percent-encoding');
      expect(answer.raw.headers['x-content-type-options']).toBe('nosniff');
    }
    const zh = await t.call('GET', '/backend/admin/%ff', { token: main, lang: 'zh_CN' });
    expect(zh.body.msg).toBe('参数错误：path: Malformed percent-encoding');
  });

  it('a parameter past the router’s length answers the envelope too', async () => {
    const answer = await t.call('GET', `/backend/admin/${'1'.repeat(500)}`, { token: main });
    expect(invalidParams(answer)).toEqual(INVALID);
    expect(answer.body.msg).toBe('Invalid parameters: path: A parameter is too long');
  });

  it('outside /backend is a plain 400', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/%ff%fe' });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  });
});
