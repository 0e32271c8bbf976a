import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { logout, newPage, openUserMenu, signIn, storageItem, submitLogin, visible, type Credentials } from './support/console';
import { journey } from './support/journey';
import type { RunningServer } from './support/server';

const TOKEN_KEY = 'makerdesk_token';

let server: RunningServer;

/** A toast with this text, once it has finished sliding in (for a screenshot that shows it). */
async function settledToast(page: Page, text: RegExp): Promise<void> {
  await page.locator('.ant-message-notice-wrapper:not([class*="-appear"]):not([class*="-enter"])', { hasText: text }).first().waitFor({ state: 'visible' });
}
let browser: Browser;
let admin: Credentials;

journey((started) => {
  ({ server, browser, admin } = started);
});

describe('signing in and out', () => {
  it('signs in with the seeded account and lands on the control panel', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL('**/login?redirect=%2F');
    await visible(page, 'Run and supervise your market-making bots');
    await screenshot(page, 'login');

    await submitLogin(page, admin);
    await visible(page, 'Login successful');
    await page.waitForURL('**/dashborad');
    await visible(page, 'Import an API key for BTC/USDT');
    expect(await page.title()).toBe('Control panel - MakerDesk');
    expect(await storageItem(page, TOKEN_KEY)).toBeTruthy();
    await screenshot(page, 'dashboard');
    await context.close();
  });

  it('shows the spec messages on an empty form', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page, 'Username can not be empty!');
    await visible(page, 'The password must be at least 8 digits and at most 16 digits!');
    await visible(page, 'Agree to the user agreement to log in!');
    await screenshot(page, 'login-validation');
    await context.close();
  });

  it('returns to the requested page, query included, after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/user/logManage?x=1`);
    await page.waitForURL('**/login?redirect=%2Fuser%2FlogManage%3Fx%3D1');
    await submitLogin(page, admin);
    await page.waitForURL('**/user/logManage?x=1');
    await visible(page, 'Login logs');
    expect(await page.title()).toBe('Log management - MakerDesk');
    await screenshot(page, 'redirect-after-login');
    await context.close();
  });

  it("shows the server's message for a wrong password and stays on login", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await submitLogin(page, { email: admin.email, password: 'not-the-password' });
    await visible(page, 'Incorrect username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storageItem(page, TOKEN_KEY)).toBeNull();
    await screenshot(page, 'login-wrong-password');
    await context.close();
  });

  it('says in words, in English and in Chinese, that sign-in attempts must wait', async () => {
    // An account that does not exist: the admin's own sign-ins from this address stay unthrottled.
    const guesser = { email: 'guesser@makerdesk.local', password: 'Guess-pass-1' };
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    for (let i = 0; i < 5; i++) {
      const answer = page.waitForResponse((res) => res.url().endsWith('/backend/admin/login'));
      await submitLogin(page, guesser);
      expect((await answer).status()).toBe(400);
    }
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await submitLogin(page, guesser);
    await settledToast(page, /^Too many attempts, please try again in \d+ seconds$/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-throttled');

    await page.goto(`${server.baseUrl}/zh-cn/login`);
    await page.getByLabel('邮箱').fill(guesser.email);
    await page.getByLabel('密码', { exact: true }).fill(guesser.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await settledToast(page, /^尝试次数过多，请在\d+秒后重试$/);
    await screenshot(page, 'login-throttled-zh');
    await context.close();
  });

  it('logs out back to login, and the token is gone', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, admin);
    await logout(page, admin.email);
    await visible(page, 'Logout successful');
    expect(await storageItem(page, TOKEN_KEY)).toBeNull();
    await visible(page, 'Sign in');
    await screenshot(page, 'after-logout');

    // The revoked session stays revoked: the console no longer opens without signing in.
    await page.goto(`${server.baseUrl}/robot`);
    await page.waitForURL('**/login?redirect=%2Frobot');
    await context.close();
  });

  it('changes the password, then signs in with the new one only', async () => {
    const newPassword = 'N3w-pass-2025';
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, admin);
    await openUserMenu(page, admin.email);
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.getByLabel('Current password').fill(admin.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'OK' }).click();
    await visible(page, 'The two password entries are inconsistent!');
    await screenshot(page, 'change-password');
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'OK' }).click();
    await visible(page, 'Password changed; your other sessions were signed out');

    await logout(page, admin.email);
    await submitLogin(page, admin);
    await visible(page, 'Incorrect username or password');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashborad');
    await visible(page, 'Control panel');
    await context.close();
  });
});
