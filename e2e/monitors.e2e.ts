import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { goTo, switchLanguage } from './support/console';
import { importSimKey, robotSteps } from './support/robots';
import { signedInJourney } from './support/journey';

/**
 * The risk-control monitors as a user meets them on the Bot deployment screen: their forms (a list
 * of thresholds, a schedule that shows its own field, no price mode), a price monitor that alerts at
 * once with a tight bound, and the forms in Chinese.
 */
let page: Page;
const { configForm, botRow, settled, deploy, stop } = robotSteps(() => page);

signedInJourney(async (started) => {
  ({ page } = started);
  await importSimKey(page, 'e2e-risk-key-0001', 'e2e-risk-secret-0001');
  await goTo(page, 'Bot deployment', '/robot');
});

async function openType(category: string, name: string, title: string, formLabel = 'Bot configuration'): Promise<void> {
  await page.locator('.ant-segmented-item', { hasText: category }).click();
  await page.locator('.md-robot-type', { hasText: name }).click();
  await page.locator('.md-robot-form-card').getByText(title).waitFor();
  await page.locator(`form[aria-label="${formLabel}"]`).waitFor();
}

describe('risk control', () => {
  it('shows the four monitors and renders their forms from their schemas', async () => {
    await page.locator('.ant-segmented-item', { hasText: 'Risk control (4)' }).waitFor();
    for (const [key, name] of [
      ['monitor_balance', 'Balance monitor'],
      ['monitor_price', 'Price monitor'],
      ['report_balance', 'Balance timed report'],
      ['emergency_stop', 'Emergency stop'],
    ] as const) {
      await openType('Risk control', name, `New ${name} bot`);
      // A monitor places no orders: its price mode is kept but not shown.
      expect(await configForm().getByText('Price mode', { exact: true }).isVisible()).toBe(false);
      await settled();
      await screenshot(page, `risk-control-${key}-form`);
    }
    // The report's schedule shows the field it needs.
    await openType('Risk control', 'Balance timed report', 'New Balance timed report bot');
    await expect.poll(() => configForm().getByLabel('Daily at (HH:MM)').inputValue()).toBe('08:00');
    await configForm().getByText('Every N hours').click();
    await configForm().getByLabel('Every (hours)').waitFor();
    expect(await configForm().getByLabel('Daily at (HH:MM)').count()).toBe(0);
    await settled();
    await screenshot(page, 'risk-control-report_balance-every');
  });

  it('a price monitor with a tight upper bound alerts in its log at once', async () => {
    await openType('Risk control', 'Price monitor', 'New Price monitor bot');
    await configForm().getByLabel('Upper price bound').fill('1');
    await configForm().getByLabel('Lower price bound').fill('');
    const id = await deploy('Price monitor');
    await expect.poll(() => botRow(id).locator('.md-robot-activity').innerText(), { timeout: 20_000 }).toBe('Active');
    await botRow(id).getByText('Details').click();
    const drawer = page.locator('.md-robot-drawer');
    const line = drawer.getByText(/BTC\/USDT price alert: The price [\d,]+\.\d+ USDT is above the upper bound 1\.0+ USDT\./).first();
    await line.waitFor({ timeout: 20_000 });
    expect(await drawer.getByText('Price mode', { exact: true }).count()).toBe(0);
    // A monitor places no orders: no figures table and no open-orders table in its drawer.
    expect(await drawer.getByText('Figures', { exact: true }).count()).toBe(0);
    expect(await drawer.locator('.md-robot-orders').count()).toBe(0);
    await line.scrollIntoViewIfNeeded();
    await settled();
    await screenshot(page, 'risk-control-price-alert', { fullPage: false });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await stop(id);
  });

  it('in Chinese', async () => {
    await switchLanguage(page, '简体中文', '**/zh-cn/robot');
    await openType('风控', '余额监控', '新建余额监控机器人', '机器人配置');
    await settled();
    await screenshot(page, 'risk-control-monitor_balance-form-zh');
    await openType('风控', '余额定时报告', '新建余额定时报告机器人', '机器人配置');
    await settled();
    await screenshot(page, 'risk-control-report_balance-form-zh');
  });
});
