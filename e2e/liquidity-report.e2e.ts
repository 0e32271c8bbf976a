import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotDir, screenshotTall } from './support/browser';
import { backendCall, goTo, switchLanguage, visible } from './support/console';
import { signedInJourney } from './support/journey';

let page: Page;
let baseUrl: string;

const HOUR = 3_600_000;
const MIN = 60_000;

signedInJourney(async (started) => {
  ({ page } = started);
  baseUrl = started.server.baseUrl;
  const added = await backendCall(page, baseUrl, 'POST', '/credentials/add', { platformId: 1, coinId: 1, apiKey: 'e2e-report-key-01', secretKey: 'e2e-report-secret-01' });
  expect(added.code).toBe(200);
  const set = await backendCall(page, baseUrl, 'PUT', '/liquidity/obligation', { coinId: 1, maxSpreadBps: '15', depthWithinPct: '2', minDepthQuote: '1000000', minUptimePct: '95', period: 'day' });
  expect(set.code).toBe(200);
  await page.reload();
  await visible(page, 'Total balance');
});

describe('liquidity report', () => {
  it('opens from the Liquidity screen for the same range and downloads the hourly CSV from the server', async () => {
    await goTo(page, 'Liquidity', '/liquidity');
    await visible(page, 'Obligation');
    // The history card (with its Report button) shows once the sampler has written a sample.
    await page.getByRole('button', { name: 'Report' }).waitFor({ state: 'visible', timeout: 90_000 });
    // The Report button keeps the screen within a phone's width.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(800);
    await page.getByRole('button', { name: 'Report' }).waitFor({ state: 'visible', timeout: 30_000 });
    await screenshotTall(page, 'liquidity-with-report-button-375-en');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Report' }).click();
    await page.waitForURL(/\/liquidity\/report\?coinId=1&from=\d+&to=\d+$/);
    const url = new URL(page.url());
    expect(Number(url.searchParams.get('to')) - Number(url.searchParams.get('from'))).toBe(24 * HOUR);
    await visible(page, 'Liquidity report');
    await visible(page, 'The period against the obligation');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV (hourly)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^liquidity_BTC-USDT_\d{8}T\d{4}Z_\d{8}T\d{4}Z\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('# report,"MakerDesk liquidity report"');
    expect(lines).toContain('# obligation.min_uptime_pct,95');
    const header = lines.findIndex((l) => l.startsWith('hour_start_utc,'));
    expect(header).toBeGreaterThan(0);
    // The range reaches back 24 h, the rows stop at the current hour: the server has been up minutes.
    expect(lines.slice(header + 1, -1).length).toBeGreaterThanOrEqual(24);
    expect(lines.slice(header + 1, -1).every((l) => /^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z,\d+,\d+,/.test(l))).toBe(true);
  });

  it('shows the summary’s figures against the obligation, hour by hour, and prints cleanly', async () => {
    // The sampler has only minutes here: the report's reply is a fixed one, hour by hour, so the page reads as a day would.
    const to = Math.floor(Date.now() / HOUR) * HOUR;
    const from = to - 8 * HOUR;
    const whole = {
      samples: 28_512,
      spreadBps: { p50: '12.4', p95: '18.9' },
      depth: { withinPct: '2', bidQuote: '1834210.5', askQuote: '1720004.25', ownBidQuote: '1100000', ownAskQuote: '980000' },
      uptimePct: '93.4',
      ownShareOfDepthPct: '58.31',
      ownShareOfVolumePct: '41.2',
      orderToTrade: '12.5',
      breaches: [
        { from: from + HOUR + 12 * MIN, to: from + HOUR + 14 * MIN, kind: 'gap' },
        { from: from + 3 * HOUR + 5 * MIN, to: from + 3 * HOUR + 29 * MIN, kind: 'depth' },
        { from: from + 6 * HOUR + 40 * MIN, to: from + 6 * HOUR + 47 * MIN, kind: 'spread' },
      ],
    };
    const perHour = (i: number) => ({
      ...whole,
      samples: 3564,
      spreadBps: { p50: ['11.8', '12.1', '12.4', '13', '12.2', '12.6', '14.9', '12'][i], p95: ['17.5', '18.2', '19', '21.4', '18', '18.8', '26.1', '17.9'][i] },
      uptimePct: ['99.16', '95.83', '98.33', '59.16', '99.44', '98.05', '88.33', '99.72'][i],
      ownShareOfDepthPct: ['57.9', '58.4', '58', '49.2', '60.1', '59.5', '55.7', '61'][i],
      breaches: whole.breaches.filter((b) => b.from >= from + i * HOUR && b.from < from + (i + 1) * HOUR),
    });
    const obligation = { coinId: 1, maxSpreadBps: '15', depthWithinPct: '2', minDepthQuote: '1000000', minUptimePct: '95', period: 'day', updatedAt: from };
    const report = {
      obligation,
      summary: whole,
      verdict: { met: false, uptime: false, spread: true, ownBidDepth: true, ownAskDepth: false },
      unit: 'hour',
      rows: Array.from({ length: 8 }, (_, i) => ({ start: from + i * HOUR, from: from + i * HOUR, to: from + (i + 1) * HOUR, minutes: 60, summary: perHour(i) })),
    };
    const reportUrl = /\/backend\/liquidity\/report\?/;
    let reportCalls = 0;
    await page.route(reportUrl, (route) => {
      reportCalls += 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, data: report, msg: 'SUCCESS' }) });
    });
    await page.goto(`${baseUrl}/liquidity/report?coinId=1&from=${from}&to=${to}`);
    await visible(page, 'Obligation not met: two-sided uptime 93.4 % against a minimum of 95 %.');
    const rows = page.locator('[data-testid="liquidity-report-table"] tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(8);
    await expect.poll(() => rows.nth(3).innerText()).toMatch(/59\.16\s+49\.2\s+41\.2\s+12\.5\s+1$/);
    await expect.poll(() => page.locator('[data-testid="liquidity-report-breaches"] tbody tr.ant-table-row').count()).toBe(3);
    // One report call answers the page (not one summary per row).
    expect(reportCalls).toBe(1);
    await screenshotTall(page, 'liquidity-report-en');

    // On paper: the console and the buttons are left out, black on white.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.ant-layout-sider').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Download CSV (hourly)' }).isVisible()).toBe(false);
    expect(await page.getByText('Liquidity report', { exact: true }).first().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
    await screenshotTall(page, 'liquidity-report-print-en');
    await page.pdf({ path: `${screenshotDir}liquidity-report-en.pdf`, format: 'A4', printBackground: false });
    await page.emulateMedia({ media: 'screen' });

    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(800);
    await screenshotTall(page, 'liquidity-report-375-en');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1440, height: 900 });

    await switchLanguage(page, '简体中文', (u) => u.pathname.startsWith('/zh-cn/liquidity/report'));
    await visible(page, '义务未达标：双边在线率 93.4 %，最低要求 95 %。');
    await screenshotTall(page, 'liquidity-report-zh');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(800);
    await screenshotTall(page, 'liquidity-report-375-zh');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.unroute(reportUrl);
  });
});
