import { add, compare } from '@makerdesk/decimal';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backendCall, switchLanguage } from './support/console';
import { signedInJourney } from './support/journey';

/**
 * The desk's P&L across its pairs (issue 18 §3): manual trades on two pairs; the control panel's
 * "Desk P&L · all pairs" lists both with their totals, the USDT total is their sum, and the card
 * reads at a phone's width without a page-wide horizontal scroll, in English and Chinese.
 */
let page: Page;
let baseUrl: string;
const card = () => page.getByTestId('desk-wide-pnl');
const SHOTS = process.env.DESK_WIDE_SHOTS;

async function shot(name: string): Promise<void> {
  if (!SHOTS) return;
  await card().scrollIntoViewIfNeeded();
  await card().screenshot({ path: `${SHOTS}/${name}.png` });
  await page.screenshot({ path: `${SHOTS}/${name}-page.png` });
}

signedInJourney(async (started) => {
  ({ page } = started);
  baseUrl = started.server.baseUrl;
  for (const [coinId, key] of [
    [1, 'e2e-desk-wide-btc-01'],
    [2, 'e2e-desk-wide-eth-01'],
  ] as const) {
    const added = await backendCall(page, baseUrl, 'POST', '/credentials/add', { platformId: 1, coinId, apiKey: key, secretKey: `${key}-secret`, hosts: ['127.0.0.1'] });
    expect(added.code).toBe(200);
  }
});

describe('the desk P&L across pairs', () => {
  it('manual trades on two pairs show as two rows and their USDT total is their sum', async () => {
    for (const coinId of [1, 2]) {
      for (const direction of ['buy', 'sell'] as const) {
        const placed = await backendCall(page, baseUrl, 'POST', '/order/addOrder', { coinId, direction, tradeType: 'market', amount: coinId === 1 ? '0.01' : '0.1' });
        expect(placed.code).toBe(200);
      }
    }
    await page.reload();
    await card().waitFor();
    await card().getByText('Since start', { exact: true }).click();
    await page.locator('[data-testid="desk-wide-pnl"][data-window="all"]').waitFor();
    await expect.poll(() => card().locator('tbody tr', { hasText: 'ETH/USDT' }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => card().locator('tbody tr', { hasText: 'BTC/USDT' }).count(), { timeout: 20_000 }).toBe(1);
    const api = await backendCall<{ pairs: { coinName: string; total: string | null; fees: string | null }[]; totals: { quote: string; total: string; pairs: number }[] }>(page, baseUrl, 'GET', '/desk/pnlAll?window=all');
    const names = api.data.pairs.map((p) => p.coinName);
    expect(names).toEqual(expect.arrayContaining(['BTC/USDT', 'ETH/USDT']));
    for (const p of api.data.pairs.filter((x) => names.includes(x.coinName))) expect(p.fees !== null && compare(p.fees, '0') > 0).toBe(true);
    const usdt = api.data.totals.find((x) => x.quote === 'USDT')!;
    expect(compare(usdt.total, api.data.pairs.reduce((s, p) => add(s, p.total ?? '0'), '0'))).toBe(0);
    await card().getByText(`Desk total · USDT (${usdt.pairs} pairs)`).waitFor();
    await shot('desk-wide-1440-en');
  });

  it('reads at 390 px without a page-wide horizontal scroll, in English and Chinese', async () => {
    // What sticks out past the phone's width, named for the failure message.
    const overflow = () =>
      page.evaluate(() => ({
        by: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        wide: Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((e) => `${e.tagName}.${String(e.className).slice(0, 60)}`),
      }));
    const phone = async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await card().getByText('BTC/USDT').waitFor();
      const o = await overflow();
      expect(o.by, JSON.stringify(o.wide)).toBeLessThanOrEqual(0);
    };
    await phone();
    await shot('desk-wide-390-en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await switchLanguage(page, '简体中文', (url) => url.pathname.endsWith('/dashborad'));
    await card().getByText('做市盈亏 · 全部交易对').waitFor();
    await card().getByText('相对持有').waitFor();
    await shot('desk-wide-1440-zh');
    await phone();
    await card().getByText('做市盈亏 · 全部交易对').waitFor();
    await shot('desk-wide-390-zh');
  });
});
