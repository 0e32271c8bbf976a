import { ErrorCode } from '@makerdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials } from '../db/schema.ts';
import { signUp } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let adminToken: string;
let subToken: string;

const SECRET = 'sk-very-secret-value-123456';
const PASSPHRASE = 'my-passphrase-789';

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  subToken = (await signUp(t, adminToken, 'keys@makerdesk.local', { coinIds: [2] })).token;
});
afterAll(() => t.close());

describe('API keys', () => {
  it('imports a key: answered masked, sealed at rest, listed in the user info at the next sign-in', async () => {
    const res = await t.call('POST', '/backend/credentials/add', {
      token: adminToken,
      body: { platformId: 1, apiKey: 'ak-public-key-0001', secretKey: SECRET, passphrase: PASSPHRASE, coinId: 1, hosts: '203.0.113.7, 2001:db8::1' },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ platformId: 1, platformCode: 'sim', apiKey: '****0001', secretKey: '********', passphrase: '********', coinId: 1, coinName: 'BTC/USDT', hosts: ['203.0.113.7', '2001:db8::1'] });
    expect(res.raw.body).not.toContain(SECRET);
    expect(res.raw.body).not.toContain(PASSPHRASE);

    const rows = await t.database.db.select().from(credentials);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(PASSPHRASE);
    expect(stored).not.toContain('ak-public-key-0001');

    const login = await t.call('POST', '/backend/admin/login', { body: { username: 'admin@makerdesk.local', password: 'Admin-pass-123' } });
    expect(login.body.data.userInfo.apiKey).toHaveLength(1);
    expect(login.body.data.userInfo.apiKey[0].secretKey).toBe('********');
    // No part of the secret, anywhere in the answer.
    expect(JSON.stringify(login.body)).not.toContain('sk-');
    expect(login.raw.body).not.toContain(SECRET);
  });

  it('shows at most the last 4 characters of an API key, a quarter of a short one, and nothing of a secret', async () => {
    // The finding: a 9-character value came back as `Zq7…Px4`, 6 of its characters.
    // One key per pair: each case on a pair of its own.
    const { token } = await signUp(t, adminToken, 'masks@makerdesk.local', { coinIds: [1, 2, 3, 4] });
    const cases = [
      { apiKey: 'Zq7-9char', shown: '****ar', coinId: 1 },
      { apiKey: 'k4ey', shown: '****y', coinId: 2 },
      { apiKey: 'k3y', shown: '****', coinId: 3 },
      { apiKey: 'k', shown: '****', coinId: 4 },
    ];
    for (const { apiKey, shown, coinId } of cases) {
      const res = await t.call('POST', '/backend/credentials/add', { token, body: { platformId: 1, apiKey, secretKey: 'Zq7abcPx4', passphrase: 'Pp9xyzQw2', coinId } });
      expect(res.body.data, apiKey).toMatchObject({ apiKey: shown, secretKey: '********', passphrase: '********' });
      for (const part of ['Zq7', 'Px4', 'Pp9', 'Qw2']) expect(res.raw.body, apiKey).not.toContain(part);
    }
    const listed = await t.call('GET', '/backend/credentials/list', { token });
    const shownKeys = listed.body.data.map((k: { apiKey: string }) => k.apiKey);
    for (const { shown } of cases) expect(shownKeys).toContain(shown);
    expect(listed.raw.body).not.toMatch(/Zq7|Px4|Pp9|Qw2|k4ey|k3y/);
  });

  it('decrypts the material for the connector only', async () => {
    const admin = await t.services.admins.get(1);
    const material = await t.services.credentials.materialFor(admin, 1);
    expect(material).toMatchObject({ platformCode: 'sim', apiKey: 'ak-public-key-0001', secretKey: SECRET, passphrase: PASSPHRASE });
  });

  it('refuses bad payloads field by field', async () => {
    const res = await t.call('POST', '/backend/credentials/add', { token: adminToken, body: { platformId: 1, apiKey: '', secretKey: 'x', coinId: 1, hosts: ['999.1.1.1'] } });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['apiKey', 'hosts.0']));
    const platform = await t.call('POST', '/backend/credentials/add', { token: adminToken, body: { platformId: 99, apiKey: 'a', secretKey: 'b', coinId: 1 } });
    expect(platform.body.data.code).toBe(ErrorCode.PLATFORM_NOT_FOUND);
  });

  it('a restricted account may import keys only for its own pairs, and never touches others’ keys', async () => {
    const other = await t.call('POST', '/backend/credentials/add', { token: subToken, body: { platformId: 1, apiKey: 'sub-key-1', secretKey: 'sub-secret-1', coinId: 1 } });
    expect(other.body.data.code).toBe(ErrorCode.FORBIDDEN);
    const mine = await t.call('POST', '/backend/credentials/add', { token: subToken, body: { platformId: 1, apiKey: 'sub-key-1', secretKey: 'sub-secret-1', coinId: 2 } });
    expect(mine.body.code).toBe(200);
    const list = await t.call('GET', '/backend/credentials/list', { token: subToken });
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([mine.body.data.id]);
    const adminKeys = await t.call('GET', '/backend/credentials/list', { token: adminToken });
    const adminKeyId = adminKeys.body.data[0].id;
    const steal = await t.call('PUT', '/backend/credentials/update', { token: subToken, body: { id: adminKeyId, hosts: [] } });
    expect(steal.status).toBe(404);
    expect(steal.body.data.code).toBe(ErrorCode.CREDENTIAL_NOT_FOUND);
  });

  it('updates a key: new secret sealed, bound IPs replaced, passphrase cleared', async () => {
    const list = await t.call('GET', '/backend/credentials/list', { token: adminToken });
    const id = list.body.data[0].id;
    const res = await t.call('PUT', '/backend/credentials/update', { token: adminToken, body: { id, secretKey: 'new-secret-abcdef', hosts: ['198.51.100.1'], passphrase: '' } });
    expect(res.body.data).toMatchObject({ id, secretKey: '********', hosts: ['198.51.100.1'], passphrase: null });
    const admin = await t.services.admins.get(1);
    expect((await t.services.credentials.materialFor(admin, 1))?.secretKey).toBe('new-secret-abcdef');
  });

  it('one key per account and pair: a second one is refused in words, the database keeps one', async () => {
    const held = (await t.call('GET', '/backend/credentials/list', { token: subToken })).body.data;
    expect(held.map((k: { coinId: number }) => k.coinId)).toEqual([2]);
    const second = await t.call('POST', '/backend/credentials/add', { token: subToken, body: { platformId: 1, apiKey: 'sub-key-2', secretKey: 'sub-secret-2', coinId: 2 } });
    expect([second.status, second.body.data.code, second.body.msg]).toEqual([409, ErrorCode.CREDENTIAL_PAIR_TAKEN, 'You already have an API key for ETH/USDT: edit that key instead of adding another']);
    const zh = await t.call('POST', '/backend/credentials/add', { token: subToken, lang: 'zh_CN', body: { platformId: 1, apiKey: 'sub-key-2', secretKey: 'sub-secret-2', coinId: 2 } });
    expect(zh.body.msg).toBe('您已有 ETH/USDT 的 API 密钥：请编辑该密钥，而不是再添加一个');
    // Two adds at once: one is stored, the other refused the same way.
    const racing = await Promise.all([1, 2].map((n) => t.call('POST', '/backend/credentials/add', { token: adminToken, body: { platformId: 1, apiKey: `race-key-${n}`, secretKey: 'race-secret', coinId: 3 } })));
    expect(racing.map((r) => r.body.data.code ?? r.body.code).sort()).toEqual([200, ErrorCode.CREDENTIAL_PAIR_TAKEN].sort());
    const rows = await t.database.db.select().from(credentials);
    const pairsOf = (adminId: number) => rows.filter((r) => r.adminId === adminId).map((r) => r.coinId);
    for (const adminId of new Set(rows.map((r) => r.adminId))) expect(new Set(pairsOf(adminId)).size, `account ${adminId}`).toBe(pairsOf(adminId).length);
  });
});
