import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { chooseOption, menuEntries, newPage, signIn, submitLogin, visible, type Credentials } from './support/console';
import { signedInJourney } from './support/journey';
import type { RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let admin: Credentials;
let adminPage: Page;
const sub = { email: 'dana@desk.test', password: 'Trader-pass1', name: 'Dana Trader' };

signedInJourney((started) => {
  ({ server, browser, admin, page: adminPage } = started);
});

/** The open modal with this title; its fields are looked up inside it, apart from the page's own. */
const dialog = (page: Page, title: string) => page.locator('.ant-modal-content').filter({ hasText: title });

const row = (page: Page, text: string) => page.getByRole('row', { name: new RegExp(text.replace('.', '\\.')) });

/** The verification code the server's outbox (its log, without SMTP) last sent to an address. */
function lastCodeSentTo(email: string): string | undefined {
  const lines = server.output().split('\n').filter((line) => line.includes(email) && line.includes('verification code'));
  return lines.at(-1)?.match(/verification code is (\d{6})/)?.[1];
}

describe('sub-accounts', () => {
  it('adds a sub-account from backend settings', async () => {
    const page = adminPage;
    await page.goto(`${server.baseUrl}/user/backendSettings`);
    await visible(page, 'Accounts');
    await page.getByRole('button', { name: 'Add account' }).click();
    const form = dialog(page, 'Add account');
    await form.getByLabel('Account e-mail').fill(sub.email);
    await chooseOption(page, form.getByLabel('Role'), 'Trader');
    await form.getByLabel('Employee name').fill(sub.name);
    await form.getByLabel('Initial password').fill(sub.password);
    await screenshot(page, 'add-account');
    await form.getByRole('button', { name: 'OK' }).click();
    await visible(page, 'Account created');
    await row(page, sub.email).waitFor();
    expect(await row(page, sub.email).innerText()).toMatch(/Dana Trader[\s\S]*Trader[\s\S]*Active[\s\S]*Never/);
    await screenshot(page, 'backend-settings');
  });

  it('binds a trading pair to it', async () => {
    const page = adminPage;
    await row(page, sub.email).getByText('Pairs').click();
    await visible(page, `Trading pairs of ${sub.email}`);
    await visible(page, 'No pairs bound yet: this account cannot use any pair.');
    await chooseOption(page, page.locator('.ant-drawer .ant-select'), 'ETH/USDT');
    await page.locator('.ant-drawer').getByRole('button', { name: 'Bind' }).click();
    await visible(page, 'Bind success');
    await page.locator('.ant-drawer .ant-list-item', { hasText: 'ETH/USDT' }).waitFor();
    await screenshot(page, 'bind-pairs');
    await page.keyboard.press('Escape');
  });

  it('shows the same bindings from the top bar’s "Bind trading pair"', async () => {
    const page = adminPage;
    await page.locator('.ant-drawer .ant-drawer-close').click();
    await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Bind trading pair' }).click();
    const modal = page.locator('.ant-modal-content').filter({ hasText: 'Bind trading pair' });
    await chooseOption(page, modal.locator('.ant-select').first(), sub.email);
    await modal.locator('.ant-list-item', { hasText: 'ETH/USDT' }).waitFor();
    await screenshot(page, 'bind-pair-modal', { fullPage: false });
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });

  it('signs the sub-account in without the User section, and keeps it out of the main-account pages', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, { email: sub.email, password: sub.password });
    expect(await menuEntries(page)).toEqual(['Control panel', 'Bot deployment', 'Work panel', 'Data analysis', 'Liquidity', 'Risk control']);
    await page.locator('.md-pair-selector', { hasText: 'ETH/USDT' }).waitFor();
    await screenshot(page, 'sub-account-dashboard');

    await page.goto(`${server.baseUrl}/user/backendSettings`);
    await page.waitForURL('**/dashborad');
    await page.goto(`${server.baseUrl}/user`);
    await page.waitForURL('**/dashborad');
    await visible(page, 'Control panel');
    await context.close();
  });

  it('lists the sign-ins just made in the login logs', async () => {
    const page = adminPage;
    await page.goto(`${server.baseUrl}/user/logManage`);
    await row(page, sub.email).first().waitFor();
    expect(await row(page, admin.email).count()).toBeGreaterThanOrEqual(1);
    expect(await row(page, sub.email).first().innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[\s\S]*127\.0\.0\.1/);
    await screenshot(page, 'login-logs');

    await page.getByLabel('Account').fill(sub.email);
    await page.getByRole('button', { name: 'Query' }).click();
    await page.waitForFunction((email) => {
      const rows = Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row'));
      return rows.length > 0 && rows.every((r) => r.textContent?.includes(email));
    }, sub.email);
  });

  it('resets the sub-account password through the forgot-password flow', async () => {
    const newPassword = 'Reset-pass-77';
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const reset = dialog(page, 'Reset password');
    await reset.getByLabel('E-mail').fill(sub.email);
    await reset.getByRole('button', { name: 'Send code' }).click();
    await visible(page, /Resend in \d+ s/);
    await screenshot(page, 'forgot-password');

    let code: string | undefined;
    for (let i = 0; i < 40 && !code; i += 1) {
      code = lastCodeSentTo(sub.email);
      if (!code) await page.waitForTimeout(250);
    }
    expect(code).toMatch(/^\d{6}$/);
    await reset.getByLabel('Verification code').fill(code!);
    await reset.getByRole('button', { name: 'Next' }).click();
    await reset.getByLabel('New password').fill(newPassword);
    await reset.getByLabel('Confirm password').fill(newPassword);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await visible(page, 'Password reset, please sign in with the new password');

    expect(await page.getByLabel('E-mail').first().inputValue()).toBe(sub.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashborad');
    sub.password = newPassword;
    await context.close();
  });

  it('suspends the sub-account: its open session ends and it cannot sign in', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, server.baseUrl, { email: sub.email, password: sub.password });

    await adminPage.goto(`${server.baseUrl}/user/backendSettings`);
    await row(adminPage, sub.email).getByText('Edit').click();
    const form = dialog(adminPage, `Edit ${sub.email}`);
    await form.getByText('Suspended', { exact: true }).click();
    await screenshot(adminPage, 'edit-account');
    await form.getByRole('button', { name: 'OK' }).click();
    await visible(adminPage, 'Account updated');
    await row(adminPage, sub.email).getByText('Suspended').waitFor();

    // Entering a screen reloads the pair list; the revoked session sends the user back to login.
    await page.getByRole('menuitem', { name: 'Work panel' }).click();
    await page.waitForURL('**/login?redirect=%2Fwork');
    await visible(page, 'Login has expired, please sign in again');
    // Signing in answers as a wrong password does: a suspended account never tells its password is right.
    await submitLogin(page, sub);
    await visible(page, 'Incorrect username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'suspended-sign-in');
    await context.close();
  });

  it('deletes the sub-account', async () => {
    const page = adminPage;
    await row(page, sub.email).getByText('Delete').click();
    await visible(page, 'Delete user?');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await visible(page, 'Delete success');
    await row(page, sub.email).waitFor({ state: 'detached' });
  });
});
