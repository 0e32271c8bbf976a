import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { goTo } from './support/console';
import { importSimKey, robotSteps } from './support/robots';
import { signedInJourney } from './support/journey';

/**
 * The simulation-only bots (DESIGN §8) as a user tries them on the built-in simulator: tagged
 * "Simulation only" in the type picker, a volume bot and a pump bot deployed with the form's defaults,
 * each trading within seconds (the volume bot against itself), then stopped. robot-types.e2e keeps
 * to the liquidity and execution types; these two stand for the rest, which the engine's simulator
 * tests cover one by one.
 */
let page: Page;
const { botRow, settled, deploy, stop, botCounts } = robotSteps(() => page);

signedInJourney(async (started) => {
  ({ page } = started);
  await importSimKey(page, 'e2e-simbots-key-0001', 'e2e-simbots-secret-0001');
  await goTo(page, 'Bot deployment', '/robot');
});

describe('simulation-only bots on the built-in simulator', () => {
  it('the strategy category shows the eleven types tagged "Simulation only", all selectable on a simulator key', async () => {
    await page.locator('.ant-segmented-item', { hasText: 'Strategy' }).click();
    const tagged = page.locator('.md-robot-type', { hasText: 'Simulation only' });
    await expect.poll(() => tagged.count()).toBe(11);
    expect(await page.locator('.md-robot-type-refused').count()).toBe(0);
    await settled();
    await screenshot(page, 'sim-bots-picker', { fullPage: false });
  });

  for (const bot of [
    { name: 'Volume (mid-price)', key: 'volume_mid' },
    { name: 'Pump and dump (rapid)', key: 'pump_rapid' },
  ]) {
    it(`${bot.name}: deploys with its defaults, trades within seconds, stops`, async () => {
      const id = await deploy(bot.name, 'Strategy');
      await expect.poll(() => botRow(id).locator('.md-robot-activity').innerText(), { timeout: 20_000 }).toBe('Active');
      await expect.poll(async () => (await botCounts(id)).trades, { timeout: 30_000, interval: 1000 }).toBeGreaterThan(0);
      await botRow(id).getByText('Details').click();
      const drawer = page.locator('.md-robot-drawer');
      await drawer.getByText(`Bot #${id}: ${bot.name}`).waitFor();
      await settled();
      await screenshot(page, `sim-bots-${bot.key}`, { fullPage: false });
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });
      if ((await botRow(id).getByRole('switch').getAttribute('aria-checked')) === 'true') await stop(id);
      await expect.poll(async () => (await botCounts(id)).openOrders, { timeout: 15_000 }).toBe(0);
    });
  }
});
