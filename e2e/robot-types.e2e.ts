import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { goTo } from './support/console';
import { importSimKey, robotSteps } from './support/robots';
import { signedInJourney } from './support/journey';

/**
 * Every bot type, as a new user tries them: deployed from the Bot deployment screen with the form's
 * defaults on the built-in simulator, quoting or trading within seconds, its figures read in the
 * detail drawer, then stopped from its switch with its orders gone. One bot at a time, so each
 * type's orders are its own.
 */
let page: Page;
const { botRow, settled, deploy, stop, botCounts } = robotSteps(() => page);

signedInJourney(async (started) => {
  ({ page } = started);
  await importSimKey(page, 'e2e-types-key-0001', 'e2e-types-secret-0001');
  await goTo(page, 'Bot deployment', '/robot');
});

/**
 * What a type shows within seconds of its start: resting orders (quoting, grid), trades (smart
 * execution), or, for depth spread, a log line saying whether it quotes inside a wide spread or
 * stands aside from a tight one (the simulator's book is usually tight).
 */
type FirstSign = 'orders' | 'trades' | 'stance';

const types: { name: string; category: string; key: string; shows: FirstSign }[] = [
  { name: 'Depth far', category: 'Common', key: 'depth_far', shows: 'orders' },
  { name: 'Depth near', category: 'Common', key: 'depth_near', shows: 'orders' },
  { name: 'Depth spread', category: 'Common', key: 'depth_spread', shows: 'stance' },
  { name: 'AMM market making', category: 'Strategy', key: 'amm', shows: 'orders' },
  { name: 'Exchange price follow', category: 'Strategy', key: 'follow_exchange', shows: 'orders' },
  { name: 'Strict follow', category: 'Strategy', key: 'follow_strict', shows: 'orders' },
  { name: 'Combo follow', category: 'Strategy', key: 'follow_combo', shows: 'orders' },
  { name: 'ETF follow', category: 'Strategy', key: 'follow_etf', shows: 'orders' },
  { name: 'Range oscillation', category: 'Strategy', key: 'range_oscillation', shows: 'orders' },
  { name: 'Smart sell', category: 'AI', key: 'smart_sell', shows: 'trades' },
  { name: 'Smart buy', category: 'AI', key: 'smart_buy', shows: 'trades' },
];

describe('every bot type on the built-in simulator', () => {
  for (const type of types) {
    const doing = { orders: 'quotes', trades: 'trades', stance: 'says whether it steps in' }[type.shows];
    it(`${type.name}: deploys with its defaults, ${doing} within seconds, shows its figures, stops`, async () => {
      const id = await deploy(type.name, type.category);
      await expect.poll(() => botRow(id).locator('.md-robot-activity').innerText(), { timeout: 20_000 }).toBe('Active');
      if (type.shows === 'orders') {
        await expect.poll(async () => (await botCounts(id)).openOrders, { timeout: 20_000, interval: 500 }).toBeGreaterThan(0);
      } else if (type.shows === 'trades') {
        await expect.poll(async () => (await botCounts(id)).trades, { timeout: 30_000, interval: 1000 }).toBeGreaterThan(0);
      }

      await botRow(id).getByText('Details').click();
      const drawer = page.locator('.md-robot-drawer');
      await drawer.getByText(`Bot #${id}: ${type.name}`).waitFor();
      await drawer.getByText('Realised P&L (USDT)').first().waitFor();
      if (type.shows === 'orders') {
        await expect.poll(() => drawer.locator('.md-robot-orders tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      }
      if (type.shows === 'stance') {
        const stance = drawer.getByText(/: (standing aside until it widens|quoting a [\d.]+ % spread (inside it|around the last price))$/).first();
        await stance.waitFor({ timeout: 20_000 });
        const orders = drawer.locator('.md-robot-orders tbody tr.ant-table-row');
        // Standing aside, it holds no orders; stepping in, it holds a bid and an ask (one on a one-sided book).
        if ((await stance.innerText()).includes('standing aside')) expect(await orders.count()).toBe(0);
        else await expect.poll(() => orders.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      }
      await settled();
      await screenshot(page, `robot-type-${type.key}`, { fullPage: false });
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      // Smart execution stops itself once its amount is worked; quoting and grid bots run until stopped.
      if ((await botRow(id).getByRole('switch').getAttribute('aria-checked')) === 'true') await stop(id);
      await expect.poll(async () => (await botCounts(id)).openOrders, { timeout: 15_000 }).toBe(0);
    });
  }
});
