import { storageKeys } from '@makerdesk/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Page steps the console journeys share, written the way a user acts: by labels and visible texts. */

export interface Credentials {
  email: string;
  password: string;
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

/** Fills the English sign-in form on the current page and submits it. */
export async function submitLogin(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the console at `path` signed out, signs in, and waits for the control panel. */
export async function signIn(page: Page, baseUrl: string, credentials: Credentials): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, credentials);
  await page.waitForURL('**/dashborad');
  await visible(page, 'Control panel');
}

/** Opens a screen from the side menu and waits for its address. */
export async function goTo(page: Page, menuItem: string, path: string): Promise<void> {
  await page.getByRole('menuitem', { name: menuItem }).click();
  await page.waitForURL(`**${path}`);
}

/** Waits until a text is on screen (the first match, exactly). */
export async function visible(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text, { exact: typeof text === 'string' }).first().waitFor({ state: 'visible' });
}

export function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/**
 * A /backend call with the signed-in console's token: arranging data through the API is faster than
 * through the forms.
 */
export async function backendCall<Data = unknown>(page: Page, baseUrl: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ code: number; data: Data }> {
  const token = await storageItem(page, storageKeys.token);
  const res = await fetch(`${baseUrl}/backend${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { code: number; data: Data };
}

/** The open orders on the pair, as the Work panel's orders tab counts them (the table shows 10 a page). */
export async function openOrderCount(page: Page): Promise<number> {
  const badge = page.locator('.md-orders-panel .ant-tabs-tab', { hasText: 'Open orders' }).locator('.ant-scroll-number');
  return Number((await badge.getAttribute('title')) ?? 0);
}

/** The side menu's visible entries, in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const entries = page.locator('.ant-pro-sider-menu').getByRole('menuitem');
  await entries.first().waitFor();
  return (await entries.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

export async function openUserMenu(page: Page, account: string): Promise<void> {
  await page.getByRole('button', { name: account }).click();
}

export async function logout(page: Page, account: string): Promise<void> {
  await openUserMenu(page, account);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/login/);
}

/** Picks an option of the antd Select that `trigger` opens. */
export async function chooseOption(page: Page, trigger: ReturnType<Page['locator']>, option: string): Promise<void> {
  await trigger.click();
  // The list slides in (its -appear/-enter motion classes): a click aimed at an option while it still
  // moves can land beside it.
  const list = page.locator('.ant-select-dropdown:visible:not([class*="-appear"]):not([class*="-enter"])');
  await list.locator('.ant-select-item-option', { hasText: option }).first().click();
}

/**
 * A drop-down menu that has finished opening: antd slides it in (its `-appear`/`-enter` motion
 * classes), and a click aimed at an entry while it still moves can land beside it and close it.
 */
export function openedMenu(page: Page) {
  return page.locator('.ant-dropdown:not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"]):visible');
}

/**
 * Switches the console's language from the top bar and waits for the address to follow. The entry is
 * clicked once its menu stands still (see openedMenu). Under load a click can still be lost to a
 * re-render of the page (the layout's debounced resize after a tall screenshot closes the menu under
 * it); a user would open the menu again, and so does this, up to three times, saying so.
 */
export async function switchLanguage(page: Page, language: 'English' | '简体中文', url: string | ((url: URL) => boolean)): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByRole('button', { name: /^(Language|语言)$/ }).click({ timeout: 10_000 });
      await openedMenu(page).getByRole('menuitem', { name: language }).click({ timeout: 5_000 });
      await page.waitForURL(url, { timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`switchLanguage: still at ${page.url()} after choosing ${language} (${(err as Error).message.split('\n')[0]}); choosing it again`);
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * What was on screen when a journey step failed: the address, the open dialogs' and toasts' texts,
 * and a screenshot named after the test. CI keeps only the log, so the texts are what explains a
 * failure there.
 */
export async function describeScreen(page: Page, name: string): Promise<string> {
  const texts = async (selector: string) =>
    (await page.locator(`${selector}:visible`).allInnerTexts().catch(() => [] as string[])).map((text) => text.replace(/\s+/g, ' ').trim());
  const safeName = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  await page.screenshot({ path: `${new URL('../screenshots/', import.meta.url).pathname}failed-${safeName}.png` }).catch(() => undefined);
  return [
    `screen at ${page.url()}`,
    ...(await texts('.ant-modal-content')).map((text) => `dialog: ${text}`),
    ...(await texts('.ant-popover-inner')).map((text) => `popover: ${text}`),
    ...(await texts('.ant-message-notice')).map((text) => `toast: ${text}`),
    ...(await texts('.ant-drawer-content')).map((text) => `drawer: ${text.slice(0, 200)}`),
  ].join('\n');
}
