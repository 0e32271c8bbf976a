/**
 * What a first visit downloads: the sign-in page's JavaScript as it crosses the wire (compressed
 * bodies, as Chromium counts them), then what the console adds once signed in. The figures are
 * printed; the sign-in page must stay within its budget.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { newPage, submitLogin, visible } from './support/console';
import { journey } from './support/journey';
import type { RunningServer } from './support/server';

const LOGIN_JS_BUDGET = 350 * 1000;

interface Transfer {
  path: string;
  encoding: string;
  /** The body's bytes as sent: compressed when `encoding` says so. */
  bytes: number;
}

let server: RunningServer;
let browser: Browser;

journey((started) => {
  ({ server, browser } = started);
});

/** Every script fetched while `visit` runs and the page then settles. */
async function scriptsFetched(page: Page, visit: () => Promise<void>): Promise<Transfer[]> {
  const responses: Response[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  };
  page.on('response', onResponse);
  try {
    await visit();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  return Promise.all(
    responses.map(async (response) => ({
      path: new URL(response.url()).pathname,
      encoding: response.headers()['content-encoding'] ?? 'identity',
      bytes: (await response.request().sizes()).responseBodySize,
    })),
  );
}

const total = (transfers: Transfer[]) => transfers.reduce((sum, t) => sum + t.bytes, 0);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function report(title: string, transfers: Transfer[]): void {
  const rows = [...transfers].sort((a, b) => b.bytes - a.bytes).map((t) => `  ${kB(t.bytes).padStart(9)}  ${t.encoding.padEnd(8)}  ${t.path}`);
  console.log(`${title}: ${kB(total(transfers))} of JavaScript in ${transfers.length} files\n${rows.join('\n')}`);
}

async function openLogin(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await visible(page, 'Run and supervise your market-making bots');
}

describe('page weight', () => {
  it('keeps the sign-in page’s JavaScript within budget, brotli-compressed', async () => {
    const { context, page } = await newPage(browser);
    const scripts = await scriptsFetched(page, () => openLogin(page));
    report('Sign-in page (brotli)', scripts);
    expect(total(scripts)).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
    // Only files too small to be worth it (under 1 KB) go uncompressed.
    expect(scripts.filter((t) => t.encoding !== 'br').every((t) => t.bytes < 1024)).toBe(true);
    await screenshot(page, 'weight-login');

    const added = await scriptsFetched(page, async () => {
      await submitLogin(page, { email: server.adminEmail, password: server.adminPassword });
      await page.waitForURL('**/dashborad');
      await visible(page, 'Import an API key for BTC/USDT');
    });
    report('Control panel after signing in (brotli, sign-in page cached)', added);
    expect(added.every((t) => !scripts.some((s) => s.path === t.path))).toBe(true);
    await screenshot(page, 'weight-dashboard');
    await context.close();
  });

  it('sends gzip to a browser that does not take brotli', async () => {
    // What Chromium asks of a plain-HTTP address other than localhost.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate' } });
    const page = await context.newPage();
    const scripts = await scriptsFetched(page, () => openLogin(page));
    report('Sign-in page (gzip)', scripts);
    expect(scripts.filter((t) => t.encoding !== 'gzip').every((t) => t.bytes < 1024)).toBe(true);
    await context.close();
  });
});
