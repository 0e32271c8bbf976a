import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const screenshotDir = new URL('../screenshots/', import.meta.url).pathname;

/** Debian's Chromium with the flags this machine needs (no downloads, no background networking). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The whole page by default; `fullPage: false` for what the viewport shows (a modal over its mask). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage });
}

/**
 * A long page whole, with its fixed parts (side menu, layout background) drawn along all of it: the
 * viewport grows to the page's height for the shot, then returns to its size.
 */
export async function screenshotTall(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (!size || height <= size.height) return screenshot(page, name);
  await page.setViewportSize({ width: size.width, height });
  await page.waitForTimeout(300);
  try {
    await screenshot(page, name);
  } finally {
    await page.setViewportSize(size);
  }
}
