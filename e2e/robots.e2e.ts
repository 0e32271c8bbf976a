import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, screenshotTall } from './support/browser';
import { goTo, openOrderCount, switchLanguage, visible } from './support/console';
import { signedInJourney } from './support/journey';
import { importSimKey, robotSteps } from './support/robots';

let page: Page;

signedInJourney((started) => {
  ({ page } = started);
});

const { configForm, botRow, settled, deploy, stop, botCounts } = robotSteps(() => page);
const openOrderRows = () => page.locator('.md-orders-table tbody tr.ant-table-row');

describe('bots on the built-in simulator', () => {
  it('imports a simulator key for BTC/USDT', async () => {
    await importSimKey(page, 'e2e-bots-key-0001', 'e2e-bots-secret-0001');
  });

  it('lists the bot types by category and builds a type’s form with the spec’s bounds and messages', async () => {
    await goTo(page, 'Bot deployment', '/robot');
    await visible(page, 'Deploy a bot');
    for (const category of ['Common (3)', 'Strategy (17)', 'AI (2)', 'Risk control (4)']) await visible(page, category);
    await page.locator('.md-robot-type', { hasText: 'Depth near' }).click();
    const form = configForm();
    await form.waitFor();
    // The spread the API keeps as a fraction (0.002) is typed in percent: '0.2'.
    expect(await form.getByLabel('Base spread min').inputValue()).toBe('0.2');
    await form.getByLabel('Layers per side min').fill('3');
    await form.getByLabel('Layers per side max').fill('3');
    await form.getByText('Min value cannot exceed max value').waitFor();
    await form.getByText('Max value must exceed min value').waitFor();
    // 20 % is past the 10 % (0.1) bound, said in percent.
    await form.getByLabel('Base spread max').fill('20');
    await form.getByText('Must be between 0.05 % and 10 %').waitFor();
    await screenshotTall(page, 'robot-form-validation');
    await form.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect.poll(() => form.locator('.ant-form-item-explain-error').count()).toBe(0);
  });

  it('deploys a depth bot and sees its orders in the book and the open orders within seconds', async () => {
    const id = await deploy('Depth near', undefined, 'robot-deploy-confirm');
    deployed.depth = id;
    await expect.poll(() => botRow(id).getByRole('switch').getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => botRow(id).locator('.md-robot-activity').innerText(), { timeout: 20_000 }).toBe('Active');
    await goTo(page, 'Work panel', '/work');
    // Depth near keeps at least 2 orders per side, near the touch: they are in the book.
    await expect.poll(() => openOrderCount(page), { timeout: 20_000, interval: 500 }).toBeGreaterThanOrEqual(4);
    const rows = await openOrderRows().allInnerTexts();
    expect(rows.some((row) => row.includes('Buy'))).toBe(true);
    expect(rows.some((row) => row.includes('Sell'))).toBe(true);
    // Its best bid is the order nearest the touch: one the book's few levels always show.
    const bids = rows.filter((row) => row.includes('Buy')).map((row) => /\d{1,3}(,\d{3})*\.\d{2}/.exec(row)?.[0] ?? '');
    const best = bids.sort((a, b) => readNumber(b) - readNumber(a))[0];
    expect(best).toMatch(/\d/);
    await expect.poll(() => page.locator('.md-book-side[data-side="bids"]').first().innerText(), { timeout: 10_000 }).toContain(best!);
    await screenshotTall(page, 'work-panel-bot-orders');
    await goTo(page, 'Bot deployment', '/robot');
  });

  it('deploys an exchange price follow bot, whose orders join the depth bot’s', async () => {
    const id = await deploy('Exchange price follow', 'Strategy');
    deployed.follow = id;
    await expect.poll(() => botRow(id).locator('.md-robot-activity').innerText(), { timeout: 20_000 }).toBe('Active');
    await expect.poll(() => botOrders(id), { timeout: 20_000, interval: 1000 }).toBeGreaterThanOrEqual(2);
    const depthOrders = await botOrders(deployed.depth!);
    await goTo(page, 'Work panel', '/work');
    await expect.poll(() => openOrderCount(page), { timeout: 20_000, interval: 500 }).toBeGreaterThanOrEqual(depthOrders + 2);
    await goTo(page, 'Bot deployment', '/robot');
    await screenshotTall(page, 'robot-page-running');
  });

  it('details a bot: config, figures, open orders and log', async () => {
    await botRow(deployed.depth!).getByText('Details').click();
    const drawer = page.locator('.md-robot-drawer');
    await drawer.getByText(`Bot #${deployed.depth}: Depth near`).waitFor();
    await drawer.getByText('Base spread min').first().waitFor();
    await drawer.getByText('Realised P&L (USDT)').first().waitFor();
    await expect.poll(() => drawer.locator('.md-robot-orders tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await settled();
    await screenshot(page, 'robot-detail', { fullPage: false });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('shows the running bots and the trading log on the control panel, in both languages', async () => {
    await goTo(page, 'Control panel', '/dashborad');
    const card = page.locator('.md-running-bots');
    await card.getByText(`#${deployed.depth} Depth near`).waitFor();
    await card.getByText(`#${deployed.follow} Exchange price follow`).waitFor();
    await expect.poll(() => page.locator('.md-robot-log tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshotTall(page, 'dashboard-bots');
    await settled();

    await switchLanguage(page, '简体中文', '**/zh-cn/dashborad');
    await page.locator('.md-running-bots').getByText('运行中的机器人').waitFor();
    await visible(page, '交易日志');
    await screenshotTall(page, 'dashboard-bots-zh');
    await page.getByRole('menuitem', { name: '机器人部署' }).click();
    await page.waitForURL('**/zh-cn/robot');
    await visible(page, '部署机器人');
    await page.locator('.md-robot-type', { hasText: '远端深度' }).click();
    await configForm().or(page.locator('form[aria-label="机器人配置"]')).first().waitFor();
    await page.locator('form[aria-label="机器人配置"]').getByLabel('深度档位最小值').fill('60');
    await visible(page, '必须在 15 到 50 之间');
    await screenshotTall(page, 'robot-page-zh');
    await settled();
    await switchLanguage(page, 'English', (url) => !url.pathname.startsWith('/zh-cn'));
    await page.waitForURL('**/robot');
  });

  it('stops both bots with their switches, and their orders are gone', async () => {
    await visible(page, 'Deploy a bot');
    await stop(deployed.depth!);
    await stop(deployed.follow!);
    await screenshotTall(page, 'robot-page-stopped');
    await goTo(page, 'Work panel', '/work');
    await visible(page, 'No open orders on this pair');
    expect(await openOrderCount(page)).toBe(0);
  });
});

const deployed: { depth?: number; follow?: number } = {};

/** '65,043.52' → 65043.52, to order prices read off the screen. */
const readNumber = (text: string) => Number(text.replace(/,/g, ''));

/** A bot's open orders as its row in the list says them. */
async function botOrders(id: number): Promise<number> {
  return (await botCounts(id)).openOrders;
}
