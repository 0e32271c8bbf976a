import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app.ts';
import { createTestApp } from '../testing/test-app.ts';
import { loggableUrl } from './log-redaction.ts';

describe('log redaction', () => {
  it('strips the query string of auth calls only', () => {
    expect(loggableUrl('/backend/admin/login?username=a@b.c&password=Secret-123')).toBe('/backend/admin/login?[REDACTED]');
    expect(loggableUrl('/backend/admin/list?current=2')).toBe('/backend/admin/list?current=2');
    expect(loggableUrl('/backend/health')).toBe('/backend/health');
  });

  it('never writes passwords, tokens or authorization headers to the log', async () => {
    let written = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        written += chunk.toString();
        done();
      },
    });
    const t = await createTestApp();
    const app = await buildApp(t.services, { logger: loggerOptions('trace', sink) });
    try {
      const password = 'Admin-pass-123';
      const viaQuery = await app.inject({ method: 'GET', url: `/backend/admin/login?username=admin@makerdesk.local&password=${password}` });
      const token = viaQuery.json().data.token as string;
      expect(token).toBeTruthy();
      await app.inject({ method: 'POST', url: '/backend/admin/login', payload: { username: 'admin@makerdesk.local', password } });
      await app.inject({ method: 'GET', url: '/backend/admin/list', headers: { authorization: `Bearer ${token}` } });
      app.log.info({ body: { password, secretKey: 'sk-live-abc', passphrase: 'pp-123' } }, 'payload');
      app.log.info({ body: { kind: 'telegram', botToken: '123:tg-bot-token-xyz' } }, 'channel');
      app.log.info({ channel: { kind: 'webhook', secret: 'whsec-abcdef-0123456789' } }, 'channel');
      expect(written).toContain('/backend/admin/login?[REDACTED]');
      expect(written).toContain('[REDACTED]');
      for (const secret of [password, token, 'sk-live-abc', 'pp-123', 'tg-bot-token-xyz', 'whsec-abcdef-0123456789']) expect(written).not.toContain(secret);
    } finally {
      await app.close();
      await t.close();
    }
  });
});
