import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { backendCall, goTo, openOrderCount, switchLanguage, visible } from './support/console';
import { signedInJourney } from './support/journey';
import { robotSteps } from './support/robots';
import type { RunningServer } from './support/server';

let server: RunningServer;
let page: Page;

signedInJourney((started) => {
  ({ server, page } = started);
});

const { dialog, botRow, settled } = robotSteps(() => page);
const BTC = 1;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arranged payloads
const api = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => backendCall<any>(page, server.baseUrl, method, path, body);

const stopButton = () => page.locator('.md-topbar').getByRole('button', { name: /Emergency stop|紧急停止/ });

describe('emergency stop from the top bar', () => {
  const bots: number[] = [];
  let monitor = 0;
  let manualOrderNo = '';

  it('arranges a simulator key for BTC/USDT, three quoting bots, a price monitor and one manual order', async () => {
    const key = await api('POST', '/credentials/add', { platformId: 1, apiKey: 'e2e-estop-key-0001', secretKey: 'e2e-estop-secret-0001', coinId: BTC, hosts: ['127.0.0.1'] });
    expect(key.code, JSON.stringify(key)).toBe(200);
    const types = await api('GET', `/robot/init/list?coinId=${BTC}`);
    const defaults = types.data.find((i: { type: string }) => i.type === 'depth_near').defaults;
    for (let i = 0; i < 3; i++) {
      const saved = await api('PUT', '/robot/update', { coinId: BTC, type: 'depth_near', config: { ...defaults, intervalMin: 2, intervalMax: 4 }, status: 'running', startMode: 'now', priceMode: 'normal' });
      expect(saved.code, JSON.stringify(saved)).toBe(200);
      bots.push(saved.data.id);
    }
    const watcher = await api('PUT', '/robot/update', { coinId: BTC, type: 'monitor_price', config: types.data.find((i: { type: string }) => i.type === 'monitor_price').defaults, status: 'running', startMode: 'now', priceMode: 'normal' });
    expect(watcher.code, JSON.stringify(watcher)).toBe(200);
    monitor = watcher.data.id;
    const book = await api('GET', `/order/orderBook?coinId=${BTC}`);
    const low = (Number(book.data.bids.at(-1)[0]) * 0.8).toFixed(2);
    const manual = await api('POST', '/order/addOrder', { coinId: BTC, direction: 'buy', tradeType: 'limit', price: low, amount: '0.001' });
    expect(manual.code, JSON.stringify(manual)).toBe(200);
    manualOrderNo = manual.data.orderNo;
    await page.reload();
    await goTo(page, 'Bot deployment', '/robot');
    for (const id of bots) await expect.poll(async () => /(\d+) open orders?/.exec(await botRow(id).innerText())?.[1] ?? '0', { timeout: 20_000, interval: 500 }).not.toBe('0');
  });

  it('press the emergency stop: confirm naming the pair and the bots, every bot stops, then it asks about the manual order', async () => {
    await stopButton().click();
    const confirm = dialog('Emergency stop of BTC/USDT?');
    await confirm.waitFor();
    await visible(page, '3 bots run on BTC/USDT. They will be stopped and their orders cancelled at once.');
    await visible(page, '1 monitor keeps watching the pair and alerting (it places no orders).');
    await settled();
    await screenshot(page, 'emergency-stop-confirm-en', { fullPage: false });
    const pressed = Date.now();
    await confirm.getByRole('button', { name: 'Stop all bots' }).click();

    await page.locator('.ant-notification-notice', { hasText: '3 bots stopped on BTC/USDT' }).waitFor({ timeout: 10_000 });
    const shown = Date.now() - pressed;
    const result = await page.locator('[data-testid="emergency-stop-result"]').first().innerText();
    expect(result).toMatch(/\d+ orders cancelled in \d+\.\d\d s/);
    console.log(`emergency stop in the browser: ${shown} ms from the click to the result on screen (${result.split('\n')[0]})`);

    const manual = dialog('Also cancel your 1 manual order?');
    await manual.waitFor();
    await settled();
    await screenshot(page, 'emergency-stop-manual-en', { fullPage: false });
    await manual.getByRole('button', { name: 'Keep them' }).click();

    for (const id of bots) await expect.poll(() => botRow(id).getByRole('switch').getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
    for (const id of bots) expect((await api('GET', `/robot/${id}?coinId=${BTC}`)).data.stopReason).toBe('Emergency stop: stop button pressed (admin@makerdesk.local)');
    expect((await api('GET', `/robot/${monitor}?coinId=${BTC}`)).data.status).toBe('running');
  });

  it('the work panel shows no bot order left, only the manual one kept', async () => {
    await goTo(page, 'Work panel', '/work');
    await expect.poll(() => openOrderCount(page), { timeout: 15_000, interval: 500 }).toBe(1);
    const open = await api('GET', `/order/getOrders?coinId=${BTC}`);
    expect(open.data.map((o: { orderNo: string }) => o.orderNo)).toEqual([manualOrderNo]);
  });

  it('in Chinese: the same confirmation, with nothing left to stop', async () => {
    await switchLanguage(page, '简体中文', (url) => url.pathname.startsWith('/zh-cn'));
    await stopButton().click();
    const confirm = dialog('紧急停止 BTC/USDT？');
    await confirm.waitFor();
    await visible(page, 'BTC/USDT 上没有运行中的机器人；已停止机器人遗留的订单仍会被撤销。');
    await visible(page, '1 个监控机器人继续监视该交易对并发送告警（它们不下单）。');
    await settled();
    await screenshot(page, 'emergency-stop-confirm-zh', { fullPage: false });
    await confirm.getByRole('button', { name: '取消' }).click();
    await switchLanguage(page, 'English', (url) => !url.pathname.startsWith('/zh-cn'));
  });
});
