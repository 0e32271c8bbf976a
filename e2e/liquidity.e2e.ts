import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, screenshotTall } from './support/browser';
import { backendCall, chooseOption, goTo, switchLanguage, visible } from './support/console';
import { signedInJourney } from './support/journey';

let page: Page;
let baseUrl: string;

const obligationCard = () => page.getByTestId('liquidity-obligation');

signedInJourney(async (started) => {
  ({ page } = started);
  baseUrl = started.server.baseUrl;
  // The screens of a pair need its API key: a simulator key for BTC/USDT.
  const added = await backendCall(page, baseUrl, 'POST', '/credentials/add', { platformId: 1, coinId: 1, apiKey: 'e2e-liquidity-key-01', secretKey: 'e2e-liquidity-secret-01' });
  expect(added.code).toBe(200);
  await page.reload();
  await visible(page, 'Total balance');
});

describe('liquidity', () => {
  it('shows the card on the control panel with no obligation yet', async () => {
    await visible(page, 'Liquidity obligation');
    await visible(page, /^No obligation for BTC\/USDT yet\./);
  });

  it('opens the screen and sets an obligation from a preset', async () => {
    await goTo(page, 'Liquidity', '/liquidity');
    await visible(page, 'Obligation');
    await visible(page, 'No obligation set for this pair.');
    await chooseOption(page, obligationCard().getByRole('combobox', { name: 'Start from a tier' }), 'Advanced: 15 bps');
    // The preset fills the fields; a bad edit is refused in words before anything is sent.
    expect(await obligationCard().getByLabel('Maximum spread').inputValue()).toBe('15');
    expect(await obligationCard().getByLabel('Minimum own depth per side').inputValue()).toBe('1000000');
    await obligationCard().getByLabel('Minimum uptime').fill('101');
    await obligationCard().getByRole('button', { name: 'Save obligation' }).click();
    await visible(page, 'An uptime of 1 to 100 %, two decimals at most');
    await obligationCard().getByLabel('Minimum uptime').fill('95');
    await obligationCard().getByText('Day (UTC)').click();
    await obligationCard().getByRole('button', { name: 'Save obligation' }).click();
    await visible(page, 'Obligation saved');
    // Saved on the server, as the screen shows it.
    const saved = await backendCall<{ maxSpreadBps: string; minDepthQuote: string; minUptimePct: string; period: string; depthWithinPct: string }>(page, baseUrl, 'GET', '/liquidity/obligation?coinId=1');
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ maxSpreadBps: '15', depthWithinPct: '2', minDepthQuote: '1000000', minUptimePct: '95', period: 'day' });
    await visible(page, /^Set \d{4}-\d{2}-\d{2}/);
    // A reload reads it back.
    await page.reload();
    await obligationCard().getByLabel('Maximum spread').waitFor();
    await expect.poll(() => obligationCard().getByLabel('Minimum uptime').inputValue()).toBe('95');
    await screenshotTall(page, 'liquidity-en');
  });

  it('reads the sampler’s own figures for the pair once it has samples', { timeout: 330_000 }, async () => {
    // The server measures the simulator's pairs once a second: the empty state gives way to the figures.
    await expect.poll(async () => {
      await page.reload();
      return page
        .getByText('Now (last whole minute)')
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
    }, { timeout: 100_000, interval: 5_000 }).toBe(true);
    // The seconds already measured are counted in the history (the screen reads again every 10 s).
    await visible(page, /^[1-9][\d,]* seconds sampled of 86,400$/);
    // Once a whole minute is written, the last minute's spread is read from it.
    await expect.poll(() => page.locator('[data-figure="spread"] .md-stat-value').innerText(), { timeout: 75_000, interval: 2_000 }).toMatch(/bps$/);
    // The day's uptime counts from the first whole minute after the terms were set (as the server's
    // monitor does): a figure once that minute has begun, the note naming its start.
    const setAt = (await backendCall<{ updatedAt: number }>(page, baseUrl, 'GET', '/liquidity/obligation?coinId=1')).data.updatedAt;
    const owedFrom = new Date(Math.ceil(setAt / 60_000) * 60_000).toISOString();
    await expect.poll(() => page.locator('[data-figure="uptime"] .md-stat-value').innerText(), { timeout: 150_000, interval: 2_000 }).toMatch(/^\d+(\.\d+)? %$/);
    expect(await page.locator('[data-figure="uptime"]').innerText()).toContain(`${owedFrom.slice(5, 10)} ${owedFrom.slice(11, 16)} to `);
    await screenshotTall(page, 'liquidity-live-en');
  });

  it('shows the measured figures, the uptime against the obligation and the breaches', async () => {
    // The sampler is wired separately (issue 20): here the summary's reply is a fixed one, so the
    // screen's figures can be read against it.
    const hour = 3_600_000;
    const start = Date.now() - 3 * hour;
    const summary = {
      samples: 3540,
      spreadBps: { p50: '12.4', p95: '18.9' },
      depth: { withinPct: '2', bidQuote: '1834210.5', askQuote: '1720004.25', ownBidQuote: '1100000', ownAskQuote: '980000' },
      uptimePct: '97.25',
      ownShareOfDepthPct: '58.31',
      ownShareOfVolumePct: '41.2',
      orderToTrade: '12.5',
      breaches: [
        { from: start, to: start + 90_000, kind: 'gap' },
        { from: start + hour, to: start + hour + 240_000, kind: 'depth' },
      ],
    };
    await page.route('**/backend/liquidity/summary**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, data: summary, msg: 'SUCCESS' }) }));
    // The history reads the report: the same summary, and three hours for the charts (the middle one breached).
    const hourStart = Math.floor(start / hour) * hour;
    const rows = [0, 1, 2].map((i) => ({
      start: hourStart + i * hour,
      from: hourStart + i * hour,
      to: hourStart + (i + 1) * hour,
      minutes: 60,
      summary: { ...summary, uptimePct: i === 1 ? '80.5' : '99', breaches: i === 1 ? summary.breaches.slice(1) : [] },
    }));
    const report = { obligation: null, summary, verdict: null, unit: 'hour', rows };
    await page.route(
      (url) => url.pathname === '/backend/liquidity/report',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, data: report, msg: 'SUCCESS' }) }),
    );
    await page.reload();
    await visible(page, 'Now (last whole minute)');
    expect(await page.locator('[data-figure="spread"] .md-stat-value').innerText()).toBe('12.4 bps');
    expect(await page.locator('[data-figure="bid-depth"] .md-stat-value').innerText()).toMatch(/^1,834,210\.50\s*USDT$/);
    expect(await page.locator('[data-figure="uptime"] .md-stat-value').innerText()).toBe('97.25 %');
    await visible(page, 'Down time still allowed');
    const breaches = page.locator('.md-liquidity-breaches tbody tr.ant-table-row');
    await expect.poll(() => breaches.count()).toBe(2);
    expect(await breaches.nth(0).innerText()).toMatch(/1 min 30 s\s+No sample/);
    expect(await breaches.nth(1).innerText()).toMatch(/4 min\s+Own depth short/);
    // The charts: spread, depth and uptime per hour against the obligation, each with its legend.
    const charts = page.getByTestId('liquidity-charts').locator('.md-liquidity-chart');
    await expect.poll(() => charts.count()).toBe(3);
    await expect.poll(() => page.getByTestId('liquidity-charts').locator('canvas').count()).toBeGreaterThan(0);
    expect(await charts.nth(0).innerText()).toMatch(/p50\s+12\.4 bps/);
    expect(await charts.nth(2).innerText()).toMatch(/uptime\s+99 %/);
    await screenshotTall(page, 'liquidity-figures-en');
  });

  it('reads in Chinese and on a phone', async () => {
    await switchLanguage(page, '简体中文', '**/zh-cn/liquidity');
    await visible(page, '做市义务');
    await screenshotTall(page, 'liquidity-zh');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(800);
    await screenshotTall(page, 'liquidity-375-zh');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1440, height: 900 });
    await switchLanguage(page, 'English', (url) => !url.pathname.startsWith('/zh-cn'));
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(800);
    await screenshotTall(page, 'liquidity-375-en');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows the obligation on the control panel card', async () => {
    await goTo(page, 'Control panel', '/dashborad');
    await visible(page, 'Uptime this day');
    await page.getByTestId('liquidity-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'liquidity-card-en', { fullPage: false });
  });
});
