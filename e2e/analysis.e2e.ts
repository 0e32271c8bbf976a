import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotTall } from './support/browser';
import { backendCall, switchLanguage, visible } from './support/console';
import { signedInJourney } from './support/journey';

let page: Page;

const settings = () => page.locator('form.md-analysis-settings');
const figure = (name: string) => page.locator(`[data-figure="${name}"] .md-stat-value`);

signedInJourney(async (started) => {
  ({ page } = started);
  // Some activity: a simulator key for BTC/USDT and a manual market buy on it.
  const api = (path: string, body: unknown) => backendCall(page, started.server.baseUrl, 'POST', path, body);
  expect((await api('/credentials/add', { platformId: 1, coinId: 1, apiKey: 'e2e-analysis-key-01', secretKey: 'e2e-analysis-secret-01' })).code).toBe(200);
  expect((await api('/order/addOrder', { coinId: 1, direction: 'buy', tradeType: 'market', amount: '0.01' })).code).toBe(200);
  // The console learns of the key made behind its back on a reload, as a second tab would.
  await page.reload();
  await visible(page, 'Total balance');
});

describe('data analysis', () => {
  it('reads the pair’s analysis with its charts', async () => {
    await page.getByRole('menuitem', { name: 'Data analysis' }).click();
    await page.waitForURL('**/analysis');
    // Three charts (balances, value, P&L), each drawn on canvases, with their legends' latest figures.
    await expect.poll(() => page.locator('.md-analysis-chart canvas').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.md-analysis .md-analysis-chart').count()).toBe(3);
    const legend = page.locator('.md-analysis-chart').first().locator('.md-analysis-legend');
    expect(await legend.innerText()).toMatch(/BTC\s+[\d,]+\.\d+/);
    expect(await legend.innerText()).toMatch(/Price \(USDT\)\s+[\d,]+\.\d{2}/);
    // The start point was taken when the screen was first read (one snapshot); the value is read now,
    // and the change since the start point is shown against it.
    await visible(page, /^Data cycle 1 h · 1 snapshot in total/);
    expect(await figure('value').innerText()).toMatch(/^[\d,]+\.\d{2}USDT$/);
    expect(await figure('since-last').innerText()).toMatch(/^[+-]?[\d,]+\.\d{2}/);
    expect(await page.locator('[data-figure="since-last"]').innerText()).toMatch(/since \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // The manual buy built the position: 0.01 BTC at the price it filled.
    expect(await figure('position').innerText()).toMatch(/^[\d,]+\.\d{2}USDT$/);
    expect(await page.locator('[data-figure="position"]').innerText()).toMatch(/0\.01\d* BTC/);
    await screenshotTall(page, 'analysis-en');
  });

  it('saves the starting point and the data cycle, and refuses a bad one in words', async () => {
    await settings().getByLabel('Initial funds').fill('-5');
    await settings().getByRole('button', { name: 'Save' }).click();
    await visible(page, 'Initial funds and token must be numbers of 0 or more');
    await settings().getByLabel('Initial funds').fill('100000');
    await settings().getByLabel('Data cycle').fill('4');
    await settings().getByRole('button', { name: 'Save' }).click();
    await visible(page, 'Analysis settings saved');
    await visible(page, /^Data cycle 4 h/);
    await visible(page, /as you set them/);
  });

  it('exports the range as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^BTC-USDT_.*\.csv$/);
    const lines = readFileSync((await download.path()) as string, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('time,base_available,base_frozen,base_total,quote_available,quote_frozen,quote_total,price,value,pnl');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,[\d.]+,/);
  });

  it('reads it in Chinese', async () => {
    await switchLanguage(page, '简体中文', '**/zh-cn/analysis');
    await visible(page, '持仓与平均成本');
    await visible(page, '导出CSV');
    expect(await page.locator('.md-analysis-chart canvas').count()).toBeGreaterThanOrEqual(3);
    await screenshotTall(page, 'analysis-zh');
    await switchLanguage(page, 'English', (url) => !url.pathname.startsWith('/zh-cn'));
  });
});
