import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { newPage, visible } from './support/console';
import { signedInJourney } from './support/journey';
import { importSimKey } from './support/robots';
import type { RunningServer } from './support/server';

/**
 * The console under its content security policy: every screen, the framed chart, the live socket
 * and the API docs work with no violation reported, while injected script, eval and framing by
 * another origin are refused.
 */

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

let server: RunningServer;
let browser: Browser;
let page: Page;
/** Every `securitypolicyviolation` event of every frame, and every console line about the policy. */
const violations: Violation[] = [];
const policyConsoleLines: string[] = [];

/** Collects every policy violation the context's pages and frames report, from the sign-in page on. */
async function watchPolicy({ context }: { context: BrowserContext }): Promise<void> {
  // A binding and an init script reach every frame (the chart's too) and survive navigations.
  await context.exposeBinding('reportCspViolation', (_source, violation: Violation) => void violations.push(violation));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(v: unknown): void }).reportCspViolation;
      report({ page: location.pathname, directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) policyConsoleLines.push(message.text());
  });
}

signedInJourney(
  (started) => {
    ({ server, browser, page } = started);
  },
  { beforeSignIn: watchPolicy },
);

/** Takes the violations reported so far (and the policy's console lines), leaving none. */
function takeViolations(): { events: Violation[]; console: string[] } {
  return { events: violations.splice(0), console: policyConsoleLines.splice(0) };
}

const chartFrame = () => page.frameLocator('iframe[data-chart-frame]');

describe('the console under its content security policy', () => {
  it('sends the policy, nosniff, the referrer policy and framing rules with the shell and the chart page', async () => {
    const shell = await page.request.get(`${server.baseUrl}/work`);
    expect(shell.headers()).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
    expect(shell.headers()['content-security-policy']).toContain("script-src 'self';");
    expect(shell.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    const chart = await page.request.get(`${server.baseUrl}/chart.html?symbol=BTCUSDT`);
    expect(chart.headers()).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
    expect(chart.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('runs every screen, the framed chart and the live socket without a single violation', async () => {
    await importSimKey(page, 'e2e-csp-key-0001', 'e2e-csp-secret-0001');
    const sockets: string[] = [];
    let socketFrames = 0;
    page.on('websocket', (ws) => {
      sockets.push(new URL(ws.url()).pathname);
      ws.on('framereceived', () => socketFrames++);
    });

    await page.goto(`${server.baseUrl}/work`);
    await chartFrame().locator('.md-chart-legend b').first().waitFor();
    await chartFrame().locator('canvas').first().waitFor();
    await page.locator('.md-book-side[data-side="bids"] .md-book-price').first().waitFor();
    await expect.poll(() => socketFrames, { timeout: 15_000 }).toBeGreaterThan(2);
    expect(sockets).toContain('/backend/ws');
    await screenshot(page, 'csp-work-panel', { fullPage: false });

    for (const [path, title] of [
      ['/dashborad', 'Control panel'],
      ['/robot', 'Bot deployment'],
      ['/analysis', 'Data analysis'],
      ['/risk', 'Risk control'],
      ['/user/backendSettings', 'Backend settings'],
      ['/user/logManage', 'Log management'],
      ['/user/pairManage', 'Pairs and platforms'],
      ['/agreement', 'User agreement'],
    ] as const) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.waitForFunction((expected) => document.title === `${expected} - MakerDesk`, title);
      await page.waitForLoadState('networkidle');
    }
    // The API keys list (masked key, concealed secret) and the Chinese console with its chart.
    await page.goto(`${server.baseUrl}/work`);
    await page.getByRole('button', { name: 'API keys', exact: true }).click();
    await page.locator('.ant-modal-content').filter({ hasText: 'API keys' }).getByText('****0001').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${server.baseUrl}/zh-cn/work`);
    await chartFrame().locator('.md-chart-legend span', { hasText: '收' }).first().waitFor();

    await page.goto(`${server.baseUrl}/backend/docs`);
    await page.locator('.swagger-ui .information-container').waitFor();
    await page.waitForLoadState('networkidle');

    expect(takeViolations()).toEqual({ events: [], console: [] });
  });

  it('refuses injected inline script and string evaluation, and reports both (so the listener above would have seen one)', async () => {
    await page.goto(`${server.baseUrl}/dashborad`);
    await visible(page, 'Control panel');
    // Injected the way an injection would run them: an inline <script> and a string timer. (Code
    // that DevTools itself evaluates, as page.evaluate does, is exempt from the policy.)
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      (setTimeout as (code: string, ms: number) => number)('window.__evaluated = true', 0);
    });
    await expect.poll(() => violations.map((v) => v.directive).sort()).toEqual(['script-src', 'script-src-elem']);
    const ran = await page.evaluate(() => {
      const w = window as unknown as { __injected?: boolean; __evaluated?: boolean };
      return { injected: w.__injected ?? false, evaluated: w.__evaluated ?? false };
    });
    expect(ran).toEqual({ injected: false, evaluated: false });
    takeViolations();
  });

  it('cannot be framed by another origin; the chart page neither', async () => {
    const attacker = 'http://attacker.test/';
    const { context: other, page: evil } = await newPage(browser);
    await evil.route(`${attacker}**`, (route) =>
      route.request().url() === attacker
        ? route.fulfill({
            contentType: 'text/html',
            body: [
              `<iframe id="console" src="${server.baseUrl}/login"></iframe>`,
              `<iframe id="chart" src="${server.baseUrl}/chart.html?symbol=BTCUSDT"></iframe>`,
              // A control: the attacker's own page frames fine, so a refusal above is the headers' doing.
              `<iframe id="own" src="${attacker}own"></iframe>`,
            ].join(''),
          })
        : route.fulfill({ contentType: 'text/html', body: '<p id="own-content">framed</p>' }),
    );
    await evil.goto(attacker);
    await evil.waitForLoadState('networkidle');
    const frameOf = async (id: string): Promise<Frame> => {
      const frame = await (await evil.locator(`#${id}`).elementHandle())?.contentFrame();
      if (!frame) throw new Error(`no frame #${id}`);
      return frame;
    };
    expect(await (await frameOf('own')).locator('#own-content').count()).toBe(1);
    for (const id of ['console', 'chart']) {
      const frame = await frameOf(id);
      // A refused frame holds Chromium's error page, not the console.
      expect(frame.url(), id).toMatch(/^chrome-error:/);
      expect(await frame.locator('#root, .md-chart-canvas').count(), id).toBe(0);
    }
    await other.close();
  });
});
