import { readFileSync } from 'node:fs';
import { abs, add, compare, minus } from '@makerdesk/decimal';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, screenshotTall } from './support/browser';
import { backendCall, chooseOption, goTo, switchLanguage, visible } from './support/console';
import { importSimKey, robotSteps } from './support/robots';
import { signedInJourney } from './support/journey';

/**
 * The desk's P&L (DESK.md) as a desk reads it: a volume bot trading on the simulator and a manual
 * trade; the control panel's desk P&L shows the parts of its total and each source's share, the
 * fills ledger lists both sources, and its CSV downloads.
 */
let page: Page;
let botId: number;
const { botRow, deploy, stop, botCounts } = robotSteps(() => page);
const card = () => page.getByTestId('desk-pnl');

let baseUrl: string;

signedInJourney(async (started) => {
  ({ page } = started);
  baseUrl = started.server.baseUrl;
  await importSimKey(page, 'e2e-desk-pnl-key-01', 'e2e-desk-pnl-secret-01');
});

describe('the desk P&L', () => {
  it('a volume bot trades on the simulator and a manual order fills; the bot list shows its total P&L', async () => {
    await goTo(page, 'Bot deployment', '/robot');
    botId = await deploy('Volume (mid-price)', 'Strategy');
    await expect.poll(async () => (await botCounts(botId)).trades, { timeout: 30_000, interval: 1000 }).toBeGreaterThan(0);
    await stop(botId);
    expect((await backendCall(page, baseUrl, 'POST', '/order/addOrder', { coinId: 1, direction: 'buy', tradeType: 'market', amount: '0.01' })).code).toBe(200);
    await expect.poll(() => botRow(botId).innerText(), { timeout: 15_000 }).toMatch(/Total P&L [+-]?[\d,.]+ USDT/);
    await goTo(page, 'Control panel', '/dashborad');
  });

  it('shows the parts of the total (realised + unrealised − fees) and each source, summing to the desk', async () => {
    await card().waitFor();
    await card().getByText('Since start', { exact: true }).click();
    await expect.poll(() => card().getByText(`Bot #${botId}`, { exact: false }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await card().getByText('Manual (console and other clients)').waitFor();
    // The figures of the window asked for (the previous window's stay on screen while it loads), read at one instant.
    await page.locator('[data-testid="desk-pnl"][data-window="all"]').waitFor();
    const read = () =>
      page.evaluate(() => {
        const clean = (text: string | null | undefined) => (text ?? '').replace(/USDT$/, '').replace(/,/g, '').replace(/^\+/, '').trim();
        const box = document.querySelector('[data-testid="desk-pnl"]');
        const figures = ['desk-total', 'desk-realised', 'desk-unrealised', 'desk-fees'].map((name) => clean(box?.querySelector(`[data-figure="${name}"] .md-stat-value`)?.textContent));
        const deskRow = Array.from(box?.querySelectorAll('tr') ?? []).find((tr) => tr.textContent?.includes('Desk total'));
        return [...figures, clean(deskRow?.querySelectorAll('td')[1]?.textContent)];
      });
    const [total = '', realised = '', unrealised = '', fees = '', deskRowTotal = ''] = await read();
    // Shown at the pair's 2 price decimals, each rounded on its own: they agree within three half-cents.
    expect(compare(abs(minus(total, minus(add(realised, unrealised), fees))), '0.015')).toBeLessThanOrEqual(0);
    expect(compare(fees, '0')).toBe(1);
    expect(deskRowTotal).toBe(total);
    await visible(page, 'P&L · last hour');
    await visible(page, 'P&L · today (UTC)');
    await screenshotTall(page, 'desk-pnl-1440-en');
  });

  it('the ledger lists the bot’s fills and the manual one, filters by source, and downloads its CSV', async () => {
    await goTo(page, 'Data analysis', '/analysis');
    // The desk's equity curve and daily P&L bars are drawn.
    await expect.poll(() => page.getByTestId('equity').locator('.md-analysis-chart canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('equity').locator('.md-analysis-chart').count()).toBe(2);
    const ledger = page.getByTestId('fills-ledger');
    await ledger.waitFor();
    await expect.poll(() => ledger.locator('tbody tr.ant-table-row', { hasText: `Bot #${botId}` }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const sourceSelect = ledger.locator('.ant-select').first();
    await chooseOption(page, sourceSelect, 'Manual (console)');
    // The previous rows stay on screen while the filtered page loads: wait for the filtered one.
    const filtered = async () => ({
      rows: await ledger.locator('tbody tr.ant-table-row').count(),
      botRows: await ledger.locator('tbody tr.ant-table-row', { hasText: 'Bot #' }).count(),
    });
    await expect.poll(async () => { const f = await filtered(); return f.rows > 0 && f.botRows === 0; }, { timeout: 10_000 }).toBe(true);
    expect(await ledger.locator('tbody tr.ant-table-row').first().innerText()).toMatch(/Buy[\s\S]*Manual/);
    await chooseOption(page, sourceSelect, 'All sources');
    const [download] = await Promise.all([page.waitForEvent('download'), ledger.getByRole('button', { name: 'Export fills CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fills_BTC-USDT_start_.*\.csv$/);
    const lines = readFileSync((await download.path()) as string, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('time,side,price,amount,fee,fee_asset,fee_quote,source,robot_id,robot_name,order_no');
    expect(lines.some((l) => l.includes(`,bot,${botId},`))).toBe(true);
    expect(lines.some((l) => l.includes(',manual,,'))).toBe(true);
    await screenshotTall(page, 'desk-ledger-1440-en');
  });

  it('reads in Chinese and on a phone', async () => {
    await switchLanguage(page, '简体中文', '**/zh-cn/analysis');
    await visible(page, '成交明细');
    await screenshotTall(page, 'desk-ledger-1440-zh');
    await goTo(page, '控制面板', '/zh-cn/dashborad');
    await visible(page, '做市盈亏 · BTC/USDT');
    await screenshotTall(page, 'desk-pnl-1440-zh');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    await page.getByTestId('desk-pnl').scrollIntoViewIfNeeded();
    await screenshot(page, 'desk-pnl-390-zh', { fullPage: false });
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });
    await switchLanguage(page, 'English', (url) => !url.pathname.startsWith('/zh-cn'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(1000);
    await page.getByTestId('desk-pnl').scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await screenshot(page, 'desk-pnl-390-en', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
