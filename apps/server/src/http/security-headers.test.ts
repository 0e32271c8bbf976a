import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { contentSecurityPolicy, securityHeadersFor } from './security-headers.ts';

/** The policy as a map of directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('contentSecurityPolicy', () => {
  it('lets only this origin run scripts, connect and be framed, with no eval and no inline script', () => {
    const csp = directives(contentSecurityPolicy('none'));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // antd writes its CSS-in-JS at run time: inline styles, never inline or evaluated scripts.
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(contentSecurityPolicy('none')).not.toMatch(/unsafe-eval|\*|https?:/);
    expect(directives(contentSecurityPolicy('self'))['frame-ancestors']).toEqual(["'self'"]);
  });

  it('lets the console frame the chart page and nothing frame the console', () => {
    expect(securityHeadersFor('/chart.html')).toMatchObject({ 'x-frame-options': 'SAMEORIGIN' });
    expect(directives(securityHeadersFor('/chart.html')['content-security-policy']!)['frame-ancestors']).toEqual(["'self'"]);
    for (const path of ['/', '/index.html', '/work', '/zh-cn/work', '/chart.html/', '/chart', '/backend/health']) {
      expect(securityHeadersFor(path), path).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
      expect(directives(securityHeadersFor(path)['content-security-policy']!)['frame-ancestors'], path).toEqual(["'none'"]);
    }
  });
});

describe('security headers over HTTP', () => {
  let dir: string;
  let web: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'md-headers-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>MakerDesk</title>');
    writeFileSync(join(dir, 'chart.html'), '<!doctype html><title>Chart</title>');
    writeFileSync(join(dir, 'assets', 'main-AbCd12_-.js'), 'console.log(1);');
    web = await createTestApp({ webDist: dir });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => web.app.inject({ method: 'GET', url });
  const consoleHeaders = securityHeadersFor('/');
  const chartHeaders = securityHeadersFor('/chart.html');

  it('the console shell, its scripts and a missing file: the console policy, framed by nobody', async () => {
    for (const url of ['/', '/login', '/dashborad', '/zh-cn/work', '/index.html', '/assets/main-AbCd12_-.js', '/assets/gone-AbCd1234.js']) {
      const res = await get(url);
      expect(res.headers, url).toMatchObject(consoleHeaders);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('the chart page: the same policy, framed by the console only', async () => {
    for (const url of ['/chart.html', '/chart.html?symbol=BTCUSDT&lang=en_US']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers, url).toMatchObject(chartHeaders);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
    }
  });

  it('API answers, errors included, carry them too', async () => {
    for (const [url, status] of [
      ['/backend/health', 200],
      ['/backend/admin/list', 401],
      ['/backend/nowhere', 404],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers, url).toMatchObject(consoleHeaders);
    }
  });
});
