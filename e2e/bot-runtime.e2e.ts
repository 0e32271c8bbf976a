import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goTo, switchLanguage, visible } from './support/console';
import { signedInJourney } from './support/journey';
import { importSimKey, robotSteps } from './support/robots';

/**
 * Issue 18 §5 and §6: what each bot is doing, and why. A deployed bot's row shows the bid and ask it
 * holds with their spread in bps and its last action with its reason; its drawer lists its recent
 * orders; in Chinese the trading log reads in Chinese. Screenshots go to MAKERDESK_SHOTS (a folder
 * outside the repository) when it is set.
 */
let page: Page;

signedInJourney((started) => {
  ({ page } = started);
});

const { botRow, settled, deploy } = robotSteps(() => page);
const shots = process.env.MAKERDESK_SHOTS;
async function shot(name: string, width: number, height: number): Promise<void> {
  if (!shots) return;
  await page.setViewportSize({ width, height });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(400);
}

let id = 0;

describe("a bot's runtime, live", () => {
  it('deploys a depth near bot and reads its bid / ask, spread in bps and last action in the list', async () => {
    await importSimKey(page, 'e2e-runtime-key-0001', 'e2e-runtime-secret-0001');
    await goTo(page, 'Bot deployment', '/robot');
    await visible(page, 'Deploy a bot');
    id = await deploy('Depth near');
    const quote = botRow(id).getByTestId('robot-quote');
    await expect.poll(() => quote.innerText(), { timeout: 30_000, interval: 500 }).toMatch(/\d[\d,]*\.\d+ \/ \d[\d,]*\.\d+ USDT/);
    const text = await quote.innerText();
    const [bid, ask] = [...text.matchAll(/(\d[\d,]*\.\d+)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
    expect(bid).toBeLessThan(ask!);
    // The spread shown is (ask − bid) / mid in bps, to the display's rounding.
    const bps = Number(/Spread ([\d.]+) bps/.exec(text)?.[1]);
    expect(bps).toBeCloseTo(((ask! - bid!) / ((ask! + bid!) / 2)) * 10_000, 0);
    const action = botRow(id).getByTestId('robot-last-action');
    await expect.poll(() => action.innerText(), { timeout: 20_000 }).toMatch(/(Placed|Requoted|Started|Cancelled)/);
    expect(await action.innerText()).toMatch(/first orders of the run|mid moved|refreshed|fill|reconciled/);
    await expect.poll(() => botRow(id).getByTestId('robot-order-flow').innerText(), { timeout: 10_000 }).toMatch(/[1-9]\d* orders/);
    // Churn per minute (issue 19), under the last hour's orders.
    await expect.poll(() => botRow(id).getByTestId('robot-churn').innerText(), { timeout: 10_000 }).toMatch(/^Per minute: \d+(\.\d)? placed · \d+(\.\d)? cancelled$/);
    await shot('bot-list-en', 1440, 900);
    await shot('bot-list-en', 390, 844);
  });

  it("opens the drawer and sees the bot's recent orders", async () => {
    await botRow(id).getByText('Details').click();
    const drawer = page.locator('.md-robot-drawer');
    await drawer.getByText(`Bot #${id}: Depth near`).waitFor();
    const recent = drawer.getByTestId('robot-recent-orders');
    await recent.getByText('Recent orders').waitFor();
    await expect.poll(() => recent.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await recent.locator('tbody tr.ant-table-row').first().innerText()).toMatch(/(Buy|Sell)/);
    await expect.poll(() => drawer.getByTestId('robot-drawer-runtime').innerText(), { timeout: 10_000 }).toMatch(/Spread [\d.]+ bps/);
    await settled();
    await shot('bot-drawer-en', 1440, 900);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('switches the console to Chinese and reads a Chinese trading-log line', async () => {
    await goTo(page, 'Control panel', '/dashborad');
    await switchLanguage(page, '简体中文', '**/zh-cn/dashborad');
    await visible(page, '交易日志');
    const log = page.locator('.md-robot-log');
    await expect
      .poll(async () => (await log.locator('tbody tr.ant-table-row').allInnerTexts()).join('\n'), { timeout: 20_000, interval: 1000 })
      .toMatch(/已启动：已与交易所核对|新挂单 \d+ 笔：|重新挂单 \d+ 笔：|创建了近端深度机器人/);
    const lines = (await log.locator('tbody tr.ant-table-row').allInnerTexts()).join('\n');
    expect(lines).not.toMatch(/Started: reconciled|Placed \d+ orders/);
    await shot('dashboard-log-zh', 1440, 900);
    await shot('dashboard-log-zh', 390, 844);
    await page.getByRole('menuitem', { name: '机器人部署' }).click();
    await page.waitForURL('**/zh-cn/robot');
    await expect.poll(() => botRow(id).getByTestId('robot-quote').innerText(), { timeout: 15_000 }).toMatch(/价差 [\d.]+ bps/);
    await shot('bot-list-zh', 1440, 900);
    await shot('bot-list-zh', 390, 844);
    await page.goto(page.url().replace(/\/zh-cn\/robot.*/, '/zh-cn/work'));
    await page.getByRole('tab', { name: /参考盘口/ }).click();
    await visible(page, '(对手盘口)');
    await shot('work-reference-book-zh', 1440, 900);
    await shot('work-reference-book-zh', 390, 844);
    await switchLanguage(page, 'English', (url) => !url.pathname.startsWith('/zh-cn'));
  });
});
