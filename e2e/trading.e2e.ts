import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, screenshotTall } from './support/browser';
import { switchLanguage, visible } from './support/console';
import { signedInJourney } from './support/journey';

let page: Page;

signedInJourney((started) => {
  ({ page } = started);
});

const dialog = (title: string) => page.locator('.ant-modal-content').filter({ hasText: title });
const form = (name: string) => page.getByRole('form', { name, exact: true });
const openOrderRows = () => page.locator('.md-orders-table tbody tr.ant-table-row');

/** '65,043.52' → 65043.52; a display string read back to compute test prices. */
const readNumber = (text: string) => Number(text.replace(/,/g, ''));
/** A price with the pair's 2 decimals, cut like the console cuts (never rounded up). */
const price2 = (value: number) => (Math.floor(value * 100) / 100).toFixed(2);
const grouped = (value: string) => value.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function bestBid(): Promise<number> {
  const first = page.locator('.md-book-side[data-side="bids"] .md-book-price').first();
  await first.waitFor();
  return readNumber(await first.innerText());
}

async function bookSnapshot(): Promise<string> {
  return page.locator('.md-book').first().innerText();
}

/** Clicks a tab of the orders panel below the market. */
async function ordersTab(name: string | RegExp): Promise<void> {
  await page.locator('.md-orders-panel .ant-tabs-tab', { hasText: name }).click();
}

async function confirmPopconfirm(): Promise<void> {
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' }).click();
}

async function walletLine(asset: string, label: 'Available' | 'Frozen'): Promise<string> {
  const block = page.locator('.md-wallet-asset', { hasText: asset });
  return block.locator('.md-wallet-line', { hasText: label }).locator('span').last().innerText();
}

/** Lets an opening modal finish its zoom-in before a screenshot. */
const settled = () => page.waitForTimeout(500);

async function waitForText(locator: Locator, expected: string): Promise<void> {
  await expect.poll(() => locator.innerText(), { timeout: 15_000 }).toContain(expected);
}

describe('markets and trading on the built-in simulator', () => {
  it('asks for an API key before a pair can be traded', async () => {
    await visible(page, 'Import an API key for BTC/USDT');
    await screenshotTall(page, 'trading-dashboard-no-key');
    await page.getByRole('menuitem', { name: 'Work panel' }).click();
    await page.waitForURL('**/work');
    await visible(page, 'Import an API key for BTC/USDT');
  });

  it('imports a simulator key for BTC/USDT through the modal', async () => {
    await page.locator('.md-topbar').getByRole('button', { name: 'Import API key' }).click();
    const modal = dialog('Import API key');
    await modal.getByText('Bind an IP address to this API key').waitFor();
    // The pair's venue and the pair itself are chosen already.
    expect(await modal.locator('.ant-select-selection-item').allInnerTexts()).toEqual(['MakerDesk Simulator', 'BTC/USDT']);
    await modal.getByRole('button', { name: 'Import' }).click();
    await modal.getByText('The API key can not be empty').waitFor();
    await modal.getByLabel('API key').fill('e2e-demo-key-0001');
    await modal.getByLabel('Secret key').fill('e2e-demo-secret-0001');
    await modal.getByLabel('Bound IPs').fill('127.0.0.1, 10.0.0.999');
    await modal.getByRole('button', { name: 'Import' }).click();
    await modal.getByText('Not an IPv4 or IPv6 address: 10.0.0.999').waitFor();
    await modal.getByLabel('Bound IPs').fill('127.0.0.1');
    await settled();
    await screenshot(page, 'import-api-key', { fullPage: false });
    await modal.getByRole('button', { name: 'Import' }).click();
    await visible(page, 'Bind success: BTC/USDT now trades with this key');
    await modal.waitFor({ state: 'hidden' });
  });

  it('lists the key masked, with its IP, and verifies it against the venue', async () => {
    await page.getByRole('button', { name: 'API keys', exact: true }).click();
    const modal = dialog('API keys');
    const row = modal.getByRole('row', { name: /BTC\/USDT/ });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('MakerDesk Simulator');
    // The API key by its last 4 characters at most, the secret by stars only.
    expect(text).toContain('****0001');
    expect(text).toContain('********');
    expect(text).toContain('127.0.0.1');
    expect(text).not.toContain('demo-key');
    expect(text).not.toMatch(/e2e-|secret/);
    await row.getByRole('button', { name: 'Verify' }).click();
    await modal.getByText('The API key of BTC/USDT works').waitFor();
    expect(await modal.locator('.ant-alert').innerText()).toMatch(/Read\s*Yes[\s\S]*IP bound\s*Yes/);
    await screenshot(page, 'api-keys', { fullPage: false });
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  });

  it('streams the order book, trades and candles of the pair', async () => {
    await page.reload();
    await page.locator('.md-book-side[data-side="asks"] .md-book-price').first().waitFor();
    await visible(page, 'Live');
    const first = await bookSnapshot();
    expect(first).toMatch(/\d{2},\d{3}\.\d{2}/);
    await expect.poll(bookSnapshot, { timeout: 10_000, interval: 500 }).not.toBe(first);
    expect(await page.locator('.md-trades .md-book-row').count()).toBeGreaterThan(0);
    // The embedded chart app draws the candles of the same pair.
    const chart = page.frameLocator('iframe[data-chart-frame]');
    await chart.locator('.md-chart-legend b').first().waitFor();
    expect(await page.locator('iframe[data-chart-frame]').getAttribute('src')).toBe('/chart.html?symbol=BTCUSDT&lang=en_US');
    await screenshotTall(page, 'work-panel');
  });

  it('places a limit buy below the best bid, shows it open with its frozen balance, and cancels it', async () => {
    const price = price2((await bestBid()) * 0.95);
    const buy = form('Buy BTC');
    await buy.getByLabel('Amount').fill('100');
    await buy.getByRole('button', { name: 'Buy BTC' }).click();
    await buy.getByText('Buy quantity must not exceed balance').waitFor();
    await screenshotTall(page, 'work-validation');

    await buy.getByLabel('Price').fill(price);
    await buy.getByLabel('Amount').fill('0.01');
    await buy.getByRole('button', { name: 'Buy BTC' }).click();
    await visible(page, 'Order placed successfully');

    const row = openOrderRows().first();
    await waitForText(row, grouped(price));
    expect(await row.innerText()).toMatch(/Buy[\s\S]*Limit[\s\S]*0\.01000[\s\S]*Pending/);
    // price × 0.01 at 2 decimals, cut: the console never shows a balance larger than it is.
    const frozen = grouped(price2(Number(price) / 100));
    await expect.poll(() => walletLine('USDT', 'Frozen'), { timeout: 10_000 }).toBe(frozen);
    await screenshotTall(page, 'work-open-order');

    await row.getByText('Cancel', { exact: true }).click();
    await visible(page, 'Cancel order?');
    await screenshotTall(page, 'work-cancel-confirm');
    await confirmPopconfirm();
    await visible(page, 'Order canceled');
    await visible(page, 'No open orders on this pair');
    await expect.poll(() => walletLine('USDT', 'Frozen'), { timeout: 10_000 }).toBe('0.00');
  });

  it('batches 10 orders below the market and bulk-cancels them by that range', async () => {
    const bid = await bestBid();
    const minPrice = price2(bid * 0.8);
    const maxPrice = price2(bid * 0.85);

    await ordersTab('Batch orders');
    const batch = form('Batch orders');
    await batch.getByLabel('Total amount').fill('0.1');
    await batch.getByLabel('Split count').fill('10');
    await batch.getByLabel('Min price').fill(maxPrice);
    await batch.getByLabel('Max price').fill(minPrice);
    await batch.getByText('Min value cannot exceed max value').waitFor();
    await batch.getByText('Max value must exceed min value').waitFor();
    await screenshotTall(page, 'batch-range-validation');
    await batch.getByLabel('Min price').fill(minPrice);
    await batch.getByLabel('Max price').fill(maxPrice);
    await page.locator('.md-orders-panel .ant-table-tbody tr.ant-table-row').nth(9).waitFor();
    expect(await page.locator('.md-orders-panel .ant-table-tbody tr.ant-table-row').count()).toBe(10);
    await screenshotTall(page, 'batch-orders');
    await batch.getByRole('button', { name: 'Place 10 orders' }).click();
    await visible(page, 'Batch order success: 10 of 10 orders placed');

    await ordersTab(/Open orders/);
    await expect.poll(() => openOrderRows().count(), { timeout: 10_000 }).toBe(10);
    expect(await page.locator('.md-orders-panel .ant-tabs-tab', { hasText: 'Open orders' }).innerText()).toContain('10');
    await screenshotTall(page, 'batch-open-orders');

    await ordersTab('Bulk cancel');
    const bulk = form('Bulk cancel');
    await bulk.getByRole('button', { name: 'Cancel orders in range' }).click();
    await bulk.getByText('A price range is required').first().waitFor();
    await bulk.getByLabel('Min price').fill(minPrice);
    await bulk.getByLabel('Max price').fill(maxPrice);
    await bulk.getByText('10 open orders in this range now').waitFor();
    await bulk.getByRole('button', { name: 'Cancel orders in range' }).click();
    await visible(page, 'Cancel the open orders in this range?');
    await screenshotTall(page, 'bulk-cancel');
    await confirmPopconfirm();
    await visible(page, '10 orders canceled');

    // Nothing is left in the range: the server asks to revise it.
    await bulk.getByRole('button', { name: 'Cancel orders in range' }).click();
    await confirmPopconfirm();
    await visible(page, 'No open orders in this price range, please revise the price range');

    await ordersTab(/Open orders/);
    await visible(page, 'No open orders on this pair');
    await ordersTab('Order history');
    await expect.poll(() => page.locator('.md-orders-panel tbody tr.ant-table-row', { hasText: 'Canceled' }).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
  });

  it('matches by hand (immediate or cancel) and shows the fill', async () => {
    const ask = readNumber(await page.locator('.md-book-side[data-side="asks"] .md-book-price').last().innerText());
    const match = form('Manual match');
    await match.getByLabel('Limit price').fill(price2(ask * 1.02));
    await match.getByLabel('Amount').fill('0.001');
    await match.getByRole('button', { name: 'Match now' }).click();
    await visible(page, /Manual match: 0\.00100 of 0\.00100 BTC filled \(Filled\)/);
    await ordersTab('My trades');
    await page.locator('.md-orders-panel tbody tr.ant-table-row').first().waitFor();
    expect(await page.locator('.md-orders-panel tbody tr.ant-table-row').first().innerText()).toMatch(/Buy[\s\S]*0\.00100[\s\S]*Taker/);
  });

  it('shows the pair’s figures on the control panel', async () => {
    await page.getByRole('menuitem', { name: 'Control panel' }).click();
    await page.waitForURL('**/dashborad');
    const card = (title: string) => page.locator('.md-stat', { hasText: title });
    await waitForText(card('Total balance'), 'USDT');
    expect(await card('Total balance').locator('.md-stat-value').innerText()).toMatch(/^\d{3},\d{3}\.\d{2}\s*USDT$/);
    await waitForText(card('Total volume'), '0.00100');
    expect(await card('Order occupied').locator('.md-stat-value').innerText()).toMatch(/^0\.00\s*USDT/);
    // The desk's total P&L over the last hour (DESK.md): the manual fill's fee and unrealised change, in USDT.
    await waitForText(card('P&L · last hour'), 'USDT');
    expect(await card('P&L · last hour').locator('.md-stat-value').innerText()).toMatch(/^[+-]?\d+\.\d{2}\s*USDT$/);
    for (const title of ['Other occupied', 'Isolated occupied', 'Cross occupied']) {
      expect(await card(title).locator('.md-stat-value').innerText()).toBe('—');
    }
    // The fill added 0.001 BTC, less the taker fee.
    const btc = page.locator('.md-orders-table tr.ant-table-row', { hasText: 'Base' });
    expect(await btc.innerText()).toMatch(/BTC[\s\S]*2\.00\d{3}/);
    await screenshotTall(page, 'dashboard-trading');
  });

  it('shows every trading screen in Chinese', async () => {
    await switchLanguage(page, '简体中文', '**/zh-cn/dashborad');
    await visible(page, '总余额');
    await visible(page, '现货账户');
    await screenshotTall(page, 'dashboard-trading-zh');

    await page.getByRole('menuitem', { name: '工作台' }).click();
    await page.waitForURL('**/zh-cn/work');
    await visible(page, '盘口');
    await visible(page, '实时');
    expect(await page.locator('iframe[data-chart-frame]').getAttribute('src')).toBe('/chart.html?symbol=BTCUSDT&lang=zh_CN');
    await page.frameLocator('iframe[data-chart-frame]').locator('.md-chart-legend span', { hasText: '收' }).first().waitFor();
    await screenshotTall(page, 'work-panel-zh');

    await ordersTab('批量下单');
    await form('批量下单').getByLabel('总数量').fill('0.05');
    await form('批量下单').getByLabel('拆单数量').fill('5');
    await form('批量下单').getByRole('button', { name: /下 \d+ 笔订单/ }).click();
    await visible(page, '请输入最低价');
    await screenshotTall(page, 'batch-orders-zh');

    await page.locator('.md-topbar').getByRole('button', { name: '导入API密钥' }).click();
    await dialog('导入API密钥').getByText('请为该API密钥绑定IP地址').waitFor();
    await settled();
    await screenshot(page, 'import-api-key-zh', { fullPage: false });
    await dialog('导入API密钥').getByRole('button', { name: '取消' }).click();

    await page.getByRole('button', { name: 'API密钥', exact: true }).click();
    await dialog('API密钥').getByRole('row', { name: /BTC\/USDT/ }).waitFor();
    await settled();
    await screenshot(page, 'api-keys-zh', { fullPage: false });
  });
});
