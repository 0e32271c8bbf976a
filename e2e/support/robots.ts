import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';
import { visible } from './console';

/**
 * A dialog that has finished opening: antd zooms it in (its `-appear`/`-enter` motion classes), and
 * under load a click on its button during that motion was lost in CI, leaving the dialog open.
 */
function openedDialog(page: Page, title: string) {
  return page.locator('.ant-modal:not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"]) .ant-modal-content').filter({ hasText: title });
}

/**
 * The steps on the Bot deployment screen (/robot) the bot journeys share, by labels and visible
 * texts. `currentPage` answers the journey's page, which exists only once its beforeAll has run.
 */
export function robotSteps(currentPage: () => Page) {
  const dialog = (title: string) => openedDialog(currentPage(), title);
  const configForm = () => currentPage().locator('form[aria-label="Bot configuration"]');
  const botRow = (id: number) => currentPage().locator('.md-robot-list tbody tr.ant-table-row', { hasText: `#${id}` });
  /**
   * Lets an opening modal or drawer finish its animation before a screenshot; and after a tall
   * screenshot, lets the layout's debounced resize (300 ms) pass before a menu is opened, or its
   * re-render closes the menu under the click.
   */
  const settled = () => currentPage().waitForTimeout(500);

  /** The bot ids of the "Bot #N deployed" toasts on screen. */
  async function toastIds(): Promise<number[]> {
    const texts = await currentPage().locator('.ant-message-notice', { hasText: /Bot #\d+ deployed/ }).allInnerTexts();
    return texts.map((text) => Number(/#(\d+)/.exec(text)?.[1])).filter((id) => id > 0);
  }

  /**
   * Deploys the chosen type with its defaults; answers the new bot's id from the success toast. A
   * follow bot whose mapped price is more than 5 % from the pair's first asks about the gap (spec §5);
   * then every bot asks "Deploy this bot?". Once confirmed, no dialog may stay open.
   */
  async function deploy(typeName: string, category?: string, shot?: string): Promise<number> {
    if (category) await currentPage().locator('.ant-segmented-item', { hasText: category }).click();
    await currentPage().locator('.md-robot-type', { hasText: typeName }).click();
    await currentPage().locator('.md-robot-form-card').getByText(`New ${typeName} bot`).waitFor();
    await configForm().waitFor();
    const before = await toastIds();
    await configForm().getByRole('button', { name: 'Deploy bot' }).click();
    const gap = dialog('away from the current price');
    const confirm = dialog('Deploy this bot?');
    await gap.or(confirm).first().waitFor();
    if (await gap.isVisible()) await gap.getByRole('button', { name: 'Continue' }).click();
    await confirm.waitFor();
    if (shot) {
      await settled();
      await screenshot(currentPage(), shot, { fullPage: false });
    }
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await toastIds()).filter((id) => !before.includes(id)), { timeout: 15_000 }).toHaveLength(1);
    const [id] = (await toastIds()).filter((id) => !before.includes(id));
    await expect.poll(() => currentPage().locator('.ant-modal-wrap:visible').count(), { message: 'a dialog stayed open after the deployment' }).toBe(0);
    return id!;
  }

  /** Switches a running bot off from its row, confirms, and waits for the switch to say so. */
  async function stop(id: number): Promise<void> {
    const toggle = botRow(id).getByRole('switch');
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');
    await toggle.click();
    await currentPage()
      .locator('.ant-popconfirm:not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"]):visible', { hasText: 'Stop this bot?' }).getByRole('button', { name: 'Confirm' }).click();
    await currentPage().getByText(`Bot #${id} stopped`, { exact: true }).first().waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
  }

  /** A bot's open orders and trades (all time is not in the row: last hour's) as its row in the list says them. */
  async function botCounts(id: number): Promise<{ openOrders: number; trades: number }> {
    const text = await botRow(id).innerText();
    return {
      openOrders: Number(/(\d+) open orders?/.exec(text)?.[1] ?? 0),
      trades: Number(/(\d+) trades?/.exec(text)?.[1] ?? 0),
    };
  }

  return { dialog, configForm, botRow, settled, deploy, stop, botCounts };
}

/** Imports a simulator key for BTC/USDT through the top bar's Import API key dialog. */
export async function importSimKey(page: Page, apiKey: string, secretKey: string): Promise<void> {
  await page.locator('.md-topbar').getByRole('button', { name: 'Import API key' }).click();
  const modal = openedDialog(page, 'Import API key');
  await modal.getByLabel('API key').fill(apiKey);
  await modal.getByLabel('Secret key').fill(secretKey);
  await modal.getByLabel('Bound IPs').fill('127.0.0.1');
  await modal.getByRole('button', { name: 'Import' }).click();
  await visible(page, 'Bind success: BTC/USDT now trades with this key');
  await modal.waitFor({ state: 'hidden' });
}
