import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { menuEntries, newPage, signIn, storageItem, switchLanguage, visible, type Credentials } from './support/console';
import { journey } from './support/journey';
import type { RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let admin: Credentials;

journey((started) => {
  ({ server, browser, admin } = started);
});

describe('language', () => {
  it('switches to Chinese under /zh-cn and back to English', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, admin);
    expect(await menuEntries(page)).toEqual(['Control panel', 'Bot deployment', 'Work panel', 'Data analysis', 'Liquidity', 'Risk control', 'User']);

    await switchLanguage(page, '简体中文', '**/zh-cn/dashborad');
    await visible(page, '请为 BTC/USDT 导入API密钥');
    expect(await menuEntries(page)).toEqual(['控制面板', '机器人部署', '工作台', '数据分析', '流动性', '风控', '用户']);
    expect(await page.title()).toBe('控制面板 - MakerDesk');
    expect(await storageItem(page, 'makerdesk_lang')).toBe('zh_CN');
    await screenshot(page, 'dashboard-zh');

    // The choice is kept: an unprefixed address opens in Chinese too.
    await page.goto(`${server.baseUrl}/robot`);
    await page.waitForURL('**/zh-cn/robot');
    await visible(page, '机器人部署');

    await switchLanguage(page, 'English', (url) => url.pathname === '/robot');
    expect(await menuEntries(page)).toEqual(['Control panel', 'Bot deployment', 'Work panel', 'Data analysis', 'Liquidity', 'Risk control', 'User']);
    expect(await page.title()).toBe('Bot deployment - MakerDesk');
    await context.close();
  });

  it('serves /zh-cn/dashborad in Chinese, through a Chinese sign-in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/zh-cn/dashborad`);
    await page.waitForURL('**/zh-cn/login?redirect=%2Fdashborad');
    await visible(page, '部署并监控您的做市机器人');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await visible(page, '用户名不能为空！');
    await screenshot(page, 'login-zh');

    await page.getByLabel('邮箱').fill(admin.email);
    await page.getByLabel('密码', { exact: true }).fill(admin.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL('**/zh-cn/dashborad');
    await visible(page, '登录成功');
    expect(await menuEntries(page)).toEqual(['控制面板', '机器人部署', '工作台', '数据分析', '流动性', '风控', '用户']);
    expect(await page.title()).toBe('控制面板 - MakerDesk');

    await page.goto(`${server.baseUrl}/zh-cn/user/logManage`);
    await visible(page, '登录日志');
    await visible(page, '后台设置');
    await screenshot(page, 'log-manage-zh');
    await context.close();
  });
});

describe('theme colour', () => {
  it('applies the chosen colour and keeps it across a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, admin);
    await page.goto(`${server.baseUrl}/user/backendSettings`);
    const addButton = page.getByRole('button', { name: 'Add account' });
    // antd animates colour changes: read the colour once two reads in a row agree.
    const background = async () => {
      let last = '';
      for (;;) {
        const now = await addButton.evaluate((el) => getComputedStyle(el).backgroundColor);
        if (now === last) return now;
        last = now;
        await page.waitForTimeout(150);
      }
    };
    await addButton.waitFor();
    const purple = await background();

    await page.getByRole('button', { name: 'Theme colour' }).click();
    await screenshot(page, 'theme-picker');
    await page.getByRole('button', { name: 'Cyan' }).click();
    expect(await storageItem(page, 'local_theme')).toBe('#13c2c2');
    // The dark algorithm derives the button colour from the chosen one, so compare hues rather than exact values.
    await page.waitForFunction((before) => {
      const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.includes('Add account'));
      return button !== undefined && getComputedStyle(button).backgroundColor !== before;
    }, purple);
    const cyan = await background();
    const [red, green, blue] = cyan.match(/\d+/g)!.map(Number);
    expect(green).toBeGreaterThan(red! + 50);
    expect(blue).toBeGreaterThan(red! + 50);

    await page.reload();
    await addButton.waitFor();
    expect(await background()).toBe(cyan);
    expect(await storageItem(page, 'local_theme')).toBe('#13c2c2');
    await screenshot(page, 'theme-after-reload');

    await page.getByRole('button', { name: 'Layout settings' }).click();
    await visible(page, 'Navigation mode');
    // The drawer slides in; the picture is taken once it rests against the right edge, 300 px wide.
    await page.waitForFunction(() => {
      const drawer = document.querySelector('.ant-drawer-content-wrapper');
      return drawer !== null && Math.round(drawer.getBoundingClientRect().left) === window.innerWidth - 300;
    });
    await screenshot(page, 'settings-drawer');
    await context.close();
  });
});
