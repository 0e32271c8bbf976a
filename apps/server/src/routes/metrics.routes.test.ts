import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** A reverse proxy on the server's own machine forwards the scrapes (MAKERDESK_TRUSTED_PROXIES=127.0.0.1). */
describe('/backend/metrics behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustedProxies: ['127.0.0.1'] });
  });
  afterAll(() => t.close());

  const scrape = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/backend/metrics', remoteAddress: '127.0.0.1', headers });

  it('refuses a request the proxy forwards for an outside address', async () => {
    const res = await scrape({ 'x-forwarded-for': '203.0.113.66' });
    expect(res.statusCode).toBe(403);
    expect(res.payload).not.toContain('# HELP');
  });

  it('answers the machine itself, straight or through the proxy', async () => {
    const straight = await scrape();
    expect(straight.statusCode).toBe(200);
    expect(straight.payload).toContain('# HELP');
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
  });

  it('decides by the nearest address the trusted proxy did not add', async () => {
    // The client wrote 127.0.0.1 itself; the proxy appended the address it saw, which is outside.
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1, 203.0.113.66' })).statusCode).toBe(403);
  });
});
