import { describe, expect, it } from 'vitest';
import { MemoryOutbox } from '../mail/mailer.ts';
import { channelTarget, createChannelSender, scrub, type AlertMessage } from './senders.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

const TOKEN = '123456789:AAHsecretsecretsecretsecretsecret00';
const message: AlertMessage = { alertId: 7, deliveryId: 9, level: 'warn', title: 'Price below 60000', text: 'BTC/USDT last 59990', coinId: 1, coinName: 'BTC/USDT', robotId: null, createdAt: 1_700_000_000_000 };
const telegram = { kind: 'telegram' as const, botToken: TOKEN, chatId: '-1001', baseUrl: 'http://tg.local/' };

function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(url, init);
  }) as unknown as typeof fetch;
  return { fn, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('Telegram sender', () => {
  it('posts sendMessage to {baseUrl}/bot<token>/ with the chat id and the text', async () => {
    const { fn, calls } = fakeFetch(() => json(200, { ok: true, result: {} }));
    const outcome = await createChannelSender({ mailer: new MemoryOutbox(), fetch: fn })(telegram, message);
    expect(outcome).toEqual({ ok: true });
    expect(calls[0]!.url).toBe(`http://tg.local/bot${TOKEN}/sendMessage`);
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ chat_id: '-1001', text: '[WARN] BTC/USDT: Price below 60000\nBTC/USDT last 59990' });
  });

  it('answers 429 as retryable after parameters.retry_after seconds', async () => {
    const { fn } = fakeFetch(() => json(429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 3', parameters: { retry_after: 3 } }));
    expect(await createChannelSender({ mailer: new MemoryOutbox(), fetch: fn })(telegram, message)).toEqual({
      ok: false,
      retryable: true,
      retryAfterMs: 3000,
      reason: 'Telegram answered 429: Too Many Requests: retry after 3',
    });
  });

  it('gives up at once on a bad chat or token, retries a 5xx', async () => {
    const bad = fakeFetch(() => json(400, { ok: false, description: 'Bad Request: chat not found' }));
    expect(await createChannelSender({ mailer: new MemoryOutbox(), fetch: bad.fn })(telegram, message)).toMatchObject({ ok: false, retryable: false, reason: 'Telegram answered 400: Bad Request: chat not found' });
    const down = fakeFetch(() => new Response('bad gateway', { status: 502 }));
    expect(await createChannelSender({ mailer: new MemoryOutbox(), fetch: down.fn })(telegram, message)).toMatchObject({ ok: false, retryable: true, reason: 'Telegram answered 502' });
  });

  it('never puts the token in a reason, even when an error quotes the URL', async () => {
    const { fn } = fakeFetch((url) => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { message: `connect ECONNREFUSED for ${url}` } });
    });
    const outcome = await createChannelSender({ mailer: new MemoryOutbox(), fetch: fn })(telegram, message);
    expect(outcome).toMatchObject({ ok: false, retryable: true });
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
    expect(JSON.stringify(outcome)).not.toContain('AAHsecret');
  });
});

describe('webhook sender', () => {
  const webhook = { kind: 'webhook' as const, url: 'http://hooks.local/in?key=abc', secret: 'whsec-0123456789abcdef' };

  it('signs the raw body with the timestamp it sends', async () => {
    const { fn, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    expect(await createChannelSender({ mailer: new MemoryOutbox(), fetch: fn }, () => 1_700_000_123_456)(webhook, message)).toEqual({ ok: true });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['x-makerdesk-timestamp']).toBe('1700000123');
    expect(verifyWebhookSignature(webhook.secret, '1700000123', String(calls[0]!.init.body), headers['x-makerdesk-signature']!)).toBe(true);
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ alertId: 7, level: 'warn', title: 'Price below 60000', coinName: 'BTC/USDT' });
  });

  it('counts any non-2xx as failed: 5xx and 429 retryable (with Retry-After), other 4xx final', async () => {
    const send = (status: number, headers: Record<string, string> = {}) => createChannelSender({ mailer: new MemoryOutbox(), fetch: fakeFetch(() => new Response('x', { status, headers })).fn })(webhook, message);
    expect(await send(500)).toEqual({ ok: false, retryable: true, reason: 'webhook answered HTTP 500' });
    expect(await send(429, { 'retry-after': '2' })).toEqual({ ok: false, retryable: true, retryAfterMs: 2000, reason: 'webhook answered HTTP 429' });
    expect(await send(404)).toEqual({ ok: false, retryable: false, reason: 'webhook answered HTTP 404' });
    expect(await send(302)).toMatchObject({ ok: false, retryable: false });
  });
});

describe('e-mail sender', () => {
  it('sends through the mailer', async () => {
    const outbox = new MemoryOutbox();
    expect(await createChannelSender({ mailer: outbox })({ kind: 'email', to: 'desk@example.com' }, message)).toEqual({ ok: true });
    expect(outbox.lastTo('desk@example.com')).toMatchObject({ subject: '[MakerDesk] WARN BTC/USDT: Price below 60000' });
  });

  it('retries a mailer that fails', async () => {
    const failing = { send: async () => Promise.reject(new Error('421 try later')) };
    expect(await createChannelSender({ mailer: failing })({ kind: 'email', to: 'desk@example.com' }, message)).toEqual({ ok: false, retryable: true, reason: 'mail not accepted: 421 try later' });
  });
});

describe('channel helpers', () => {
  it('names the target without secrets: chat id, webhook host only, address', () => {
    expect(channelTarget({ kind: 'telegram', chatId: '@desk_alerts' })).toBe('chat @desk_alerts');
    expect(channelTarget({ kind: 'webhook', url: 'https://hooks.example.com:8443/T0/B0/XYZ?token=1' })).toBe('hooks.example.com:8443');
    expect(channelTarget({ kind: 'email', to: 'desk@example.com' })).toBe('desk@example.com');
  });

  it('scrubs every secret from a reason and keeps it short', () => {
    expect(scrub(`failed for /bot${TOKEN}/sendMessage`, [TOKEN])).toBe('failed for /bot[REDACTED]/sendMessage');
    expect(scrub('x'.repeat(1000), [])).toHaveLength(300);
  });
});
