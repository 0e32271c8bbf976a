import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot, screenshotTall } from './support/browser';
import { goTo, signIn, visible, type Credentials } from './support/console';
import { signedInJourney } from './support/journey';
import { importSimKey, robotSteps } from './support/robots';
import type { RunningServer } from './support/server';

/**
 * Issue 18 §8 and §9: supervising from a phone (390×844: the top bar's menu drawer with language and
 * logout, the bots' switches and P&L, no sideways scrolling), and the team's administration (platform
 * edit and delete, the reset screen without a mail server).
 */

let page: Page;
let server: RunningServer;
let browser: Browser;
let admin: Credentials;

signedInJourney((started) => {
  ({ page, server, browser, admin } = started);
});

const { deploy } = robotSteps(() => page);
const PHONE = { width: 390, height: 844 };
const MAIN_SCREENS = ['/dashborad', '/robot', '/work', '/analysis', '/liquidity', '/risk', '/user/backendSettings', '/user/pairManage'];
const TABLETS = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
];
const TABLET_SCREENS = [...MAIN_SCREENS, '/user/logManage'];

let phone: { context: BrowserContext; page: Page } | undefined;
afterAll(() => phone?.context.close());

async function phonePage(): Promise<Page> {
  if (phone) return phone.page;
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', isMobile: true, hasTouch: true });
  phone = { context, page: await context.newPage() };
  await signIn(phone.page, server.baseUrl, admin);
  return phone.page;
}

/** How far the page scrolls sideways: 0 when nothing is wider than the window. */
function sidewaysScroll(on: Page): Promise<number> {
  return on.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** Whether an element stands whole inside the window's width (it can be reached without scrolling sideways). */
async function withinWidth(element: Locator, width = PHONE.width): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

function openedDrawer(on: Page, title: string): Locator {
  return on.locator('.ant-drawer-content-wrapper:not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])').filter({ hasText: title });
}

describe('supervising from a phone', () => {
  it('imports a simulator key and deploys a bot (at 1440)', async () => {
    await importSimKey(page, 'e2e-phone-key-0001', 'e2e-phone-secret-0001');
    await goTo(page, 'Bot deployment', '/robot');
    await deploy('Depth near');
  });

  it('shows every main screen at 390 px without sideways scrolling, in English and Chinese', async () => {
    const on = await phonePage();
    for (const prefix of ['', '/zh-cn']) {
      for (const path of MAIN_SCREENS) {
        await on.goto(`${server.baseUrl}${prefix}${path}`);
        await on.locator('.md-page').first().waitFor();
        await on.waitForTimeout(800);
        expect(await sidewaysScroll(on), `${prefix}${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    }
    await on.goto(`${server.baseUrl}/dashborad`);
  });

  it('shows every main screen at tablet widths (768×1024, 1024×768) without sideways scrolling, in English and Chinese', async () => {
    const size = page.viewportSize()!;
    try {
      for (const tablet of TABLETS) {
        await page.setViewportSize(tablet);
        for (const prefix of ['', '/zh-cn']) {
          for (const path of TABLET_SCREENS) {
            await page.goto(`${server.baseUrl}${prefix}${path}`);
            await page.locator('.md-page').first().waitFor();
            await page.waitForTimeout(800);
            expect(await sidewaysScroll(page), `${prefix}${path} at ${tablet.width}×${tablet.height} scrolls sideways`).toBeLessThanOrEqual(0);
          }
        }
      }
    } finally {
      await page.setViewportSize(size);
    }
    await page.goto(`${server.baseUrl}/dashborad`);
  });

  it('keeps the pair, the emergency stop and the menu in the top bar; the menu holds language, keys, password and logout', async () => {
    const on = await phonePage();
    await on.goto(`${server.baseUrl}/dashborad`);
    const stop = on.locator('.ant-pro-global-header').getByRole('button', { name: 'Emergency stop' });
    await stop.waitFor();
    expect(await withinWidth(stop)).toBe(true);
    const menu = on.getByRole('button', { name: 'Menu' });
    expect(await withinWidth(menu)).toBe(true);
    await menu.click();
    const drawer = openedDrawer(on, 'Menu');
    await drawer.waitFor();
    for (const label of ['Import API key', 'API keys', 'Change password', 'Logout']) await drawer.getByRole('button', { name: label }).waitFor();
    await drawer.getByText('简体中文').waitFor();
    await on.waitForTimeout(400);
    await screenshot(on, 'phone-menu-en', { fullPage: false });

    // Language: one tap, the address and the texts follow.
    await drawer.getByText('简体中文').click();
    await on.waitForURL('**/zh-cn/dashborad');
    await on.getByRole('button', { name: '菜单' }).click();
    const zhDrawer = openedDrawer(on, '菜单');
    await zhDrawer.getByRole('button', { name: '退出登录' }).waitFor();
    await on.waitForTimeout(400);
    await screenshot(on, 'phone-menu-zh', { fullPage: false });
    await zhDrawer.getByText('English').click();
    await on.waitForURL((url) => url.pathname === '/dashborad');
  });

  it('shows the pair’s bots as cards with their switch and P&L in view', async () => {
    const on = await phonePage();
    await on.goto(`${server.baseUrl}/robot`);
    const card = on.locator('.md-robot-card').first();
    await card.waitFor();
    const toggle = card.getByRole('switch');
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await toggle.scrollIntoViewIfNeeded();
    expect(await withinWidth(toggle)).toBe(true);
    const pnl = card.getByText(/^Total P&L [+-]?[\d,]+\.\d+ USDT$/).first();
    expect(await withinWidth(pnl)).toBe(true);
    await screenshotTall(on, 'phone-robots-en');
  });

  it('puts the pair’s running bots first on the control panel, above the balances', async () => {
    const on = await phonePage();
    await on.goto(`${server.baseUrl}/dashborad`);
    const bots = on.locator('.md-dashboard-aside').getByText('Running bots', { exact: true });
    const balances = on.getByText('Balances, valued in USDT', { exact: true });
    await bots.waitFor();
    await balances.waitFor();
    const [botsBox, balancesBox] = [await bots.boundingBox(), await balances.boundingBox()];
    expect(botsBox!.y).toBeLessThan(balancesBox!.y);
  });

  it('reaches Risk control’s Add channel, and keeps Chinese card titles on one line', async () => {
    const on = await phonePage();
    await on.goto(`${server.baseUrl}/risk`);
    const add = on.getByRole('button', { name: 'Add channel' });
    await add.waitFor();
    await add.scrollIntoViewIfNeeded();
    expect(await withinWidth(add)).toBe(true);

    await on.goto(`${server.baseUrl}/zh-cn/risk`);
    const title = on.locator('.ant-pro-core-label-tip-title', { hasText: '告警通道' }).first();
    await title.waitFor();
    const box = await title.boundingBox();
    // One line of 14 px text, not four characters stacked.
    expect(box!.height).toBeLessThan(30);
    expect(box!.width).toBeGreaterThan(40);
    await screenshotTall(on, 'phone-risk-zh');
  });

  it('logs out from the phone menu', async () => {
    const on = await phonePage();
    await on.goto(`${server.baseUrl}/dashborad`);
    await on.getByRole('button', { name: 'Menu' }).click();
    await openedDrawer(on, 'Menu').getByRole('button', { name: 'Logout' }).click();
    await on.waitForURL(/\/login/);
  });
});

describe('the team', () => {
  it('edits a platform, deletes an unused one, and cannot delete the simulator', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}/user/pairManage`);
    await page.getByRole('button', { name: 'Add platform' }).click();
    const add = page.locator('.ant-modal-content').filter({ hasText: 'Add a platform' });
    await add.getByLabel('Exchange (ccxt id)').fill('kraken');
    await add.getByLabel('Name').fill('Kraken spare');
    await add.getByRole('button', { name: 'OK' }).click();
    await visible(page, 'Platform Kraken spare added');

    await page.getByRole('row', { name: /Kraken spare/ }).getByText('Edit').click();
    const edit = page.locator('.ant-modal-content').filter({ hasText: 'Edit platform Kraken spare' });
    await edit.getByLabel('Name').fill('Kraken reserve');
    await edit.getByRole('button', { name: 'OK' }).click();
    await visible(page, 'Platform Kraken reserve saved');
    await page.getByRole('row', { name: /Kraken reserve/ }).waitFor();

    // The simulator has pairs and is built in: its delete is shown disabled with the reason.
    const simDelete = page.getByRole('row', { name: /MakerDesk Simulator/ }).locator('.md-platform-delete-disabled');
    await simDelete.hover();
    await visible(page, 'The built-in simulator cannot be deleted');

    await page.getByRole('row', { name: /Kraken reserve/ }).getByText('Delete').click();
    await page.locator('.ant-popconfirm').filter({ hasText: 'Delete platform Kraken reserve?' }).getByRole('button', { name: 'OK' }).click();
    await visible(page, 'Platform Kraken reserve deleted');
    await expect.poll(() => page.getByRole('row', { name: /Kraken reserve/ }).count()).toBe(0);
    await screenshot(page, 'platforms-after-delete');
  });

  it('says to ask the administrator for the reset code when no mail server is set', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const signedOut = await context.newPage();
    await signedOut.goto(`${server.baseUrl}/login`);
    await signedOut.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = signedOut.locator('.ant-modal-content').filter({ hasText: 'Reset password' });
    await reset.getByLabel('E-mail').fill(admin.email);
    await reset.getByRole('button', { name: 'Send code' }).click();
    await visible(signedOut, /no mail server set, so no e-mail is sent: ask your administrator for the code/);
    expect(await signedOut.getByText(/a code is on its way/).count()).toBe(0);
    await screenshot(signedOut, 'reset-no-mail-en', { fullPage: false });
    await context.close();
  });
});
