import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backendCall, chooseOption, goTo, visible } from './support/console';
import { importSimKey, robotSteps } from './support/robots';
import { signedInJourney } from './support/journey';

/**
 * Whose order is whose (issue 18 §2): a bot deployed and a manual order placed on the simulator;
 * the work panel's open orders say which is which (the bot by name, "Manual"), filter and group by
 * source; the book marks the desk's own levels and the depth chart stands beside it. Looked at in
 * English and Chinese, at 1440 and 390 pixels wide.
 */
let page: Page;
let baseUrl: string;
let botId: number;
const { deploy } = robotSteps(() => page);

/** Screenshots stay out of the repository. */
const SHOTS = process.env.ORDER_SOURCE_SHOTS ?? '/tmp/order-source-shots';

async function shot(name: string, fullPage = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const sourceTexts = () => page.locator('.md-orders-panel .md-orders-table tbody tr.ant-table-row .md-source-tag').allInnerTexts();

async function chooseSource(label: string): Promise<void> {
  await chooseOption(page, page.locator('.md-orders-panel .md-source-toolbar .ant-select'), label);
}

signedInJourney(async (started) => {
  ({ page } = started);
  baseUrl = new URL(page.url()).origin;
  await importSimKey(page, 'e2e-source-key-0001', 'e2e-source-secret-0001');
});

describe('whose order is whose', () => {
  it('a bot deployed and a manual order placed both show in open orders with their source', async () => {
    await goTo(page, 'Bot deployment', '/robot');
    botId = await deploy('Depth near');
    await page.getByRole('menuitem', { name: 'Work panel' }).click();
    await page.waitForURL('**/work');
    await page.locator('.md-book-side[data-side="bids"] .md-book-price').first().waitFor();
    // The bot's orders come within seconds.
    await expect.poll(async () => (await sourceTexts()).filter((s) => s === `Depth near #${botId}`).length, { timeout: 30_000, interval: 1000 }).toBeGreaterThan(0);

    // A manual buy joining the fifth bid level: it rests (deep enough not to fill at once), at a level of the book.
    const best = (await page.locator('.md-book-side[data-side="bids"] .md-book-price').nth(4).innerText()).replace(/,/g, '');
    const buy = page.getByRole('form', { name: 'Buy BTC', exact: true });
    await buy.getByLabel('Price').fill(best);
    await buy.getByLabel('Amount').fill('0.01');
    await buy.getByRole('button', { name: 'Buy BTC' }).click();
    await visible(page, 'Order placed successfully');
    await expect.poll(async () => (await sourceTexts()).includes('Manual'), { timeout: 15_000 }).toBe(true);
    const sources = new Set(await sourceTexts());
    expect(sources.has(`Depth near #${botId}`)).toBe(true);
    await shot('en-1440-open-orders', true);
  });

  it('filters the open orders by source, and groups them with subtotals', async () => {
    await chooseSource('Manual');
    await expect.poll(async () => new Set(await sourceTexts()), { timeout: 10_000 }).toEqual(new Set(['Manual']));
    await chooseSource(`Depth near #${botId}`);
    await expect.poll(async () => new Set(await sourceTexts()), { timeout: 10_000 }).toEqual(new Set([`Depth near #${botId}`]));
    await chooseSource('All sources');
    await page.locator('.md-orders-panel').getByRole('switch', { name: 'Group by source' }).click();
    const groups = page.locator('.md-source-groups tbody tr.ant-table-row');
    await expect.poll(() => groups.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const text = await page.locator('.md-source-groups').innerText();
    expect(text).toContain(`Depth near #${botId}`);
    expect(text).toContain('Manual');
    await page.locator('.md-source-groups').scrollIntoViewIfNeeded();
    await shot('en-1440-grouped');
    // Cancelling still works from a group's rows.
    await page.locator('.md-source-groups tbody tr.ant-table-row', { hasText: 'Manual' }).locator('.ant-table-row-expand-icon').click();
    const manualRow = page.locator('.md-source-groups .md-orders-table tbody tr.ant-table-row').first();
    await manualRow.getByText('Cancel', { exact: true }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' }).click();
    await visible(page, 'Order canceled');
    await page.locator('.md-orders-panel').getByRole('switch', { name: 'Group by source' }).click();
  });

  it("marks the desk's own levels in the book and draws the depth chart beside it", async () => {
    const own = page.locator('.md-book-side .md-book-row[data-own]');
    await expect.poll(() => own.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await own.first().hover();
    await page.locator('.md-book-own-tip:visible').first().waitFor();
    expect(await page.locator('.md-book-own-tip:visible').first().innerText()).toContain(`Depth near #${botId}`);
    const depth = page.getByTestId('depth-chart');
    await depth.locator('svg path[data-side="bids"]').waitFor();
    await expect.poll(() => depth.locator('circle.md-depth-own').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await shot('en-1440-book-tooltip');
    await page.mouse.move(0, 0);
  });

  it('lists the fills with their source, and the candle chart marks them', async () => {
    const placed = await backendCall(page, baseUrl, 'POST', '/order/addOrder', { coinId: 1, direction: 'buy', tradeType: 'market', amount: '0.002' });
    expect(placed.code).toBe(200);
    await page.locator('.md-orders-panel .ant-tabs-tab', { hasText: 'My trades' }).click();
    await expect.poll(async () => (await sourceTexts()).includes('Manual'), { timeout: 15_000 }).toBe(true);
    await page.locator('.md-orders-panel').scrollIntoViewIfNeeded();
    await shot('en-1440-fills');
    // The candle chart draws the open orders as lines and the fill as a marker on its candle.
    const canvas = page.frameLocator('iframe[data-chart-frame]').locator('.md-chart-canvas');
    await expect.poll(async () => Number(await canvas.getAttribute('data-own-lines')), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => Number(await canvas.getAttribute('data-fill-markers')), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.locator('.md-chart-card').scrollIntoViewIfNeeded();
    await shot('en-1440-fills-chart');
    await page.locator('.md-orders-panel .ant-tabs-tab', { hasText: 'Open orders' }).click();
  });

  it('reads in Chinese, and fits a phone: the tables scroll inside their card', async () => {
    await page.goto(`${baseUrl}/zh-cn/work`);
    await page.locator('.md-book-side[data-side="bids"] .md-book-price').first().waitFor();
    await expect.poll(async () => (await sourceTexts()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('.md-orders-panel').innerText()).toContain('来源');
    await shot('zh-1440-work', true);
    for (const lang of ['zh-cn', 'en'] as const) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${baseUrl}${lang === 'zh-cn' ? '/zh-cn' : ''}/work`);
      await page.locator('.md-book-side[data-side="bids"] .md-book-price').first().waitFor();
      await expect.poll(async () => (await sourceTexts()).length, { timeout: 15_000 }).toBeGreaterThan(0);
      // Nothing wider than the phone: the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(`${lang}-390-work`, true);
      await page.locator('.md-orders-panel').scrollIntoViewIfNeeded();
      await shot(`${lang}-390-orders`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
