import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryOutbox } from '../mail/mailer.ts';
import { parseAllowList } from '../outbound/allow-list.ts';
import { outboundHttp, type OutboundHttp } from '../outbound/guarded-http.ts';
import { OutboundGuard } from '../outbound/outbound-guard.ts';
import { channelTarget, createChannelSender, type AlertMessage } from './senders.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

const TOKEN = '123456789:AAHsecretsecretsecretsecretsecret00';
const message: AlertMessage = { alertId: 7, deliveryId: 9, level: 'warn', title: 'Price below 60000', text: 'BTC/USDT last 59990', coinId: 1, coinName: 'BTC/USDT', robotId: null, createdAt: 1_700_000_000_000 };
const telegram = { kind: 'telegram' as const, botToken: TOKEN, chatId: '-1001', baseUrl: 'http://tg.local/' };
/** The e-mail sender never calls it. */
const fetch = (() => Promise.reject(new Error('no HTTP here'))) as unknown as typeof globalThis.fetch;

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
      reason: { code: 'refused', status: 'HTTP 429' },
    });
  });

  it('gives up at once on a bad chat or token, retries a 5xx; says the status, never the description', async () => {
    const bad = fakeFetch(() => json(400, { ok: false, description: 'internal answer: db_password=hunter2' }));
    const refused = await createChannelSender({ mailer: new MemoryOutbox(), fetch: bad.fn })(telegram, message);
    expect(refused).toEqual({ ok: false, retryable: false, reason: { code: 'refused', status: 'HTTP 400' } });
    expect(JSON.stringify(refused)).not.toContain('hunter2');
    const down = fakeFetch(() => new Response('bad gateway', { status: 502 }));
    expect(await createChannelSender({ mailer: new MemoryOutbox(), fetch: down.fn })(telegram, message)).toEqual({ ok: false, retryable: true, reason: { code: 'refused', status: 'HTTP 502' } });
  });

  it('never puts the token in a reason, even when an error quotes the URL', async () => {
    const { fn } = fakeFetch((url) => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { message: `connect ECONNREFUSED for ${url}` } });
    });
    const outcome = await createChannelSender({ mailer: new MemoryOutbox(), fetch: fn })(telegram, message);
    expect(outcome).toEqual({ ok: false, retryable: true, reason: { code: 'no_answer' } });
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
    expect(await send(500)).toEqual({ ok: false, retryable: true, reason: { code: 'refused', status: 'HTTP 500' } });
    expect(await send(429, { 'retry-after': '2' })).toEqual({ ok: false, retryable: true, retryAfterMs: 2000, reason: { code: 'refused', status: 'HTTP 429' } });
    expect(await send(404)).toEqual({ ok: false, retryable: false, reason: { code: 'refused', status: 'HTTP 404' } });
    expect(await send(302)).toEqual({ ok: false, retryable: false, reason: { code: 'refused', status: 'HTTP 302' } });
  });
});

describe('e-mail sender', () => {
  it('sends through the mailer', async () => {
    const outbox = new MemoryOutbox();
    expect(await createChannelSender({ mailer: outbox, fetch })({ kind: 'email', to: 'desk@example.com' }, message)).toEqual({ ok: true });
    expect(outbox.lastTo('desk@example.com')).toMatchObject({ subject: '[MakerDesk] WARN BTC/USDT: Price below 60000' });
  });

  it('says the SMTP status of a refusal (retrying a 4xx, not a 5xx) and "no answer" for the rest, never the server’s words', async () => {
    const failing = (err: unknown) => createChannelSender({ mailer: { send: async () => Promise.reject(err) }, fetch })({ kind: 'email', to: 'desk@example.com' }, message);
    expect(await failing(Object.assign(new Error('421 try later'), { responseCode: 421 }))).toEqual({ ok: false, retryable: true, reason: { code: 'refused', status: 'SMTP 421' } });
    expect(await failing(Object.assign(new Error('550 5.1.1 <desk@example.com>: user unknown at mx.internal'), { responseCode: 550 }))).toEqual({ ok: false, retryable: false, reason: { code: 'refused', status: 'SMTP 550' } });
    expect(await failing(Object.assign(new Error('connect ECONNREFUSED 10.0.0.25:25'), { code: 'ESOCKET' }))).toEqual({ ok: false, retryable: true, reason: { code: 'no_answer' } });
  });
});

describe('channel helpers', () => {
  it('names the target without secrets: chat id, webhook host only, address', () => {
    expect(channelTarget({ kind: 'telegram', chatId: '@desk_alerts' })).toBe('chat @desk_alerts');
    expect(channelTarget({ kind: 'webhook', url: 'https://hooks.example.com:8443/T0/B0/XYZ?token=1' })).toBe('hooks.example.com:8443');
    expect(channelTarget({ kind: 'email', to: 'desk@example.com' })).toBe('desk@example.com');
  });
});

describe('senders through the guarded HTTP, against receivers on this machine', () => {
  let receiver: Server;
  let base = '';
  const hits: { path: string; body: string }[] = [];
  let answer: { status: number; headers?: Record<string, string>; body: string } = { status: 200, body: '{"ok":true}' };
  const open: OutboundHttp[] = [];

  const through = (allow: string) => {
    const parsed = parseAllowList(allow);
    if (!parsed.ok) throw new Error(parsed.bad.join());
    const http = outboundHttp(new OutboundGuard({ allow: parsed.list }));
    open.push(http);
    return createChannelSender({ mailer: new MemoryOutbox(), fetch: http.fetch, timeoutMs: 2000 });
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        hits.push({ path: req.url ?? '', body });
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(open.map((http) => http.close()));
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  const webhookAt = (url: string) => ({ kind: 'webhook' as const, url, secret: 'whsec-0123456789abcdef' });

  it('refuses a webhook and a Telegram base on this machine without the operator’s leave, sending nothing, not retried', async () => {
    answer = { status: 200, body: '{"ok":true}' };
    const send = through('');
    const before = hits.length;
    expect(await send(webhookAt(`${base}/hook`), message)).toEqual({ ok: false, retryable: false, reason: { code: 'not_allowed' } });
    expect(await send(webhookAt(base.replace('127.0.0.1', 'localhost') + '/hook'), message)).toEqual({ ok: false, retryable: false, reason: { code: 'not_allowed' } });
    expect(await send({ ...telegram, baseUrl: base }, message)).toEqual({ ok: false, retryable: false, reason: { code: 'not_allowed' } });
    expect(hits.length).toBe(before);
  });

  it('delivers once MAKERDESK_OUTBOUND_ALLOW lists the address', async () => {
    answer = { status: 200, body: '{"ok":true}' };
    const send = through('127.0.0.1/32');
    expect(await send(webhookAt(`${base}/hook`), message)).toEqual({ ok: true });
    expect(await send({ ...telegram, baseUrl: base }, message)).toEqual({ ok: true });
    expect(hits.slice(-2).map((h) => h.path)).toEqual(['/hook', `/bot${TOKEN}/sendMessage`]);
  });

  it('does not follow a redirect: a Telegram base answering 302 to an inside URL is refused with that status', async () => {
    answer = { status: 302, headers: { location: `${base}/backend/metrics` }, body: '' };
    const send = through('127.0.0.1/32');
    const before = hits.length;
    expect(await send({ ...telegram, baseUrl: base }, message)).toEqual({ ok: false, retryable: false, reason: { code: 'refused', status: 'HTTP 302' } });
    expect(await send(webhookAt(`${base}/hook`), message)).toEqual({ ok: false, retryable: false, reason: { code: 'refused', status: 'HTTP 302' } });
    expect(hits.slice(before).map((h) => h.path)).toEqual([`/bot${TOKEN}/sendMessage`, '/hook']);
  });

  it('never repeats the answer: a 400 with a description and a 404 page read only as their status', async () => {
    const send = through('127.0.0.1/32');
    answer = { status: 400, body: JSON.stringify({ ok: false, error_code: 400, description: 'internal answer: db_password=hunter2' }) };
    const telegramOutcome = await send({ ...telegram, baseUrl: base }, message);
    answer = { status: 404, body: '<html>admin console of 10.0.0.8: db_password=hunter2</html>' };
    const webhookOutcome = await send(webhookAt(`${base}/hook`), message);
    expect([telegramOutcome, webhookOutcome]).toEqual([
      { ok: false, retryable: false, reason: { code: 'refused', status: 'HTTP 400' } },
      { ok: false, retryable: false, reason: { code: 'refused', status: 'HTTP 404' } },
    ]);
    expect(JSON.stringify([telegramOutcome, webhookOutcome])).not.toContain('hunter2');
  });

  it('reads a closed port, a non-HTTP service and a silent one all as "no answer"', async () => {
    const send = through('127.0.0.1/32');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const held: Socket[] = [];
    const garbled = createTcpServer((socket) => void held.push(socket.end('SSH-2.0-OpenSSH_9.6\r\n')));
    const silent = createTcpServer((socket) => void held.push(socket));
    await Promise.all([garbled, silent].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
    const at = (server: { address(): unknown }) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const outcomes = await Promise.all([`http://127.0.0.1:${closedPort}/hook`, at(garbled), at(silent)].map((url) => send(webhookAt(url), message)));
    expect(outcomes).toEqual([0, 1, 2].map(() => ({ ok: false, retryable: true, reason: { code: 'no_answer' } })));
    for (const socket of held) socket.destroy();
    await Promise.all([garbled, silent].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  });
});
