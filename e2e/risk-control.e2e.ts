import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotTall } from './support/browser';
import { switchLanguage, visible } from './support/console';
import { signedInJourney } from './support/journey';
import { robotSteps } from './support/robots';

const SECRET = 'e2e-webhook-secret-0123456789';

/** A user's webhook endpoint: it checks X-MakerDesk-Signature the way the README tells receivers to. */
interface Delivery {
  body: { title: string; text: string; coinName: string };
  signatureValid: boolean;
}
let receiver: Server;
let receiverUrl: string;
const received: Delivery[] = [];

function signatureOk(timestamp: string, raw: string, signature: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${raw}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

let page: Page;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const signatureValid = signatureOk(String(req.headers['x-makerdesk-timestamp'] ?? ''), raw, String(req.headers['x-makerdesk-signature'] ?? ''));
      received.push({ body: JSON.parse(raw) as Delivery['body'], signatureValid });
      res.writeHead(signatureValid ? 204 : 401).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/makerdesk`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

// The receiver listens on this machine: the operator's allow-list lets alerts reach it.
signedInJourney(
  (started) => {
    ({ page } = started);
  },
  { server: { env: { MAKERDESK_OUTBOUND_ALLOW: '127.0.0.1/32' } } },
);

const { dialog, settled } = robotSteps(() => page);
const channelRow = (name: string) => page.locator('[data-slot="channels"] tbody tr.ant-table-row', { hasText: name });

describe('Risk control: alert channels', () => {
  it('adds a signed webhook channel, sends a test message, and sees it delivered', async () => {
    await page.getByRole('menuitem', { name: 'Risk control' }).click();
    await page.waitForURL('**/risk');
    await visible(page, 'Alert channels');
    await visible(page, 'No alert on this pair yet');

    await page.getByRole('button', { name: 'Add channel' }).click();
    const modal = dialog('Add an alert channel');
    await modal.waitFor();
    await modal.getByText('Webhook', { exact: true }).click();
    await modal.getByLabel('Name (optional)').fill('Ops hook');
    await modal.getByLabel('Webhook URL').fill(receiverUrl);
    await modal.getByLabel('Signing secret').fill(SECRET);
    await modal.getByRole('button', { name: 'OK' }).click();
    await visible(page, 'Channel added');
    await modal.waitFor({ state: 'hidden' });
    const row = channelRow('Ops hook');
    await expect.poll(() => row.innerText()).toContain('127.0.0.1');
    // The secret never comes back to the browser.
    expect(await page.content()).not.toContain(SECRET);

    await row.getByRole('button', { name: 'Test message' }).click();
    await visible(page, 'Test message sent through Ops hook');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ signatureValid: true, body: { title: 'Test message', coinName: 'BTC/USDT' } });

    const alert = page.locator('[data-slot="recent-alerts"] tbody tr.ant-table-row', { hasText: 'Test message' });
    await expect.poll(() => alert.locator('[data-delivery-status]').getAttribute('data-delivery-status'), { timeout: 10_000 }).toBe('sent');
    expect(await alert.innerText()).toContain('Webhook · Ops hook · sent');
  });

  it('checks a Telegram bot token in the form, in words, before anything is sent', async () => {
    await page.getByRole('button', { name: 'Add channel' }).click();
    const modal = dialog('Add an alert channel');
    await modal.waitFor();
    await modal.getByText('Telegram', { exact: true }).click();
    await modal.getByLabel('Bot token').fill('123456:too-short');
    await modal.getByLabel('Chat ID').fill('-100777');
    await modal.getByRole('button', { name: 'OK' }).click();
    await visible(page, 'A bot token looks like 123456789:AAH… (digits, a colon, then 30 or more letters, digits, _ or -), as BotFather gives it');
    expect(await channelRow('Telegram').count()).toBe(0);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('switches a channel off and on, and shows the screen in both languages', async () => {
    const toggle = channelRow('Ops hook').getByRole('switch');
    await toggle.click();
    await visible(page, 'Channel switched off');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await visible(page, 'Channel switched on');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await settled();
    await screenshotTall(page, 'risk-control-en');
    await switchLanguage(page, '简体中文', (url) => url.pathname.startsWith('/zh-cn'));
    await visible(page, '告警通道');
    await visible(page, '最近告警');
    await settled();
    await screenshotTall(page, 'risk-control-zh');
  });
});
