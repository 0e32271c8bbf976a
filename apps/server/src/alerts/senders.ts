import { TELEGRAM_DEFAULT_BASE_URL, type AlertChannelKind, type AlertLevel } from '@makerdesk/contract';
import type { Mailer } from '../mail/mailer.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from './webhook-signature.ts';

/** A channel with its secret opened: lives only for one attempt, never logged or returned. */
export type OpenedChannel =
  | { kind: 'telegram'; botToken: string; chatId: string; baseUrl: string | null }
  | { kind: 'webhook'; url: string; secret: string }
  | { kind: 'email'; to: string };

/** What one alert says, whatever the channel. */
export interface AlertMessage {
  alertId: number;
  deliveryId: number;
  level: AlertLevel;
  title: string;
  text: string;
  coinId: number;
  coinName: string;
  robotId: number | null;
  createdAt: number;
}

/** One attempt's result. `reason` is for the trading log: it never holds a token, a secret or a URL. */
export type SendOutcome = { ok: true } | { ok: false; retryable: boolean; reason: string; retryAfterMs?: number };

export type ChannelSender = (channel: OpenedChannel, message: AlertMessage) => Promise<SendOutcome>;

export interface SenderOptions {
  mailer: Mailer;
  fetch?: typeof fetch;
  /** How long a Telegram or webhook call may take before it counts as failed (and is retried). */
  timeoutMs?: number;
}

const TELEGRAM_TEXT_MAX = 4096;

export function plainText(message: AlertMessage): string {
  return `[${message.level.toUpperCase()}] ${message.coinName}: ${message.title}\n${message.text}`;
}

/** The part of a channel that may appear in a log: the chat, the webhook's host, the address. */
export function channelTarget(channel: { kind: AlertChannelKind; chatId?: string | null | undefined; url?: string | null | undefined; to?: string | null | undefined }): string {
  if (channel.kind === 'telegram') return `chat ${channel.chatId ?? ''}`;
  if (channel.kind === 'email') return channel.to ?? '';
  try {
    return new URL(channel.url ?? '').host;
  } catch {
    return '';
  }
}

/** Takes every secret out of a reason, and keeps it short. */
export function scrub(reason: string, secrets: readonly string[]): string {
  let text = reason;
  for (const secret of secrets) if (secret) text = text.split(secret).join('[REDACTED]');
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

function secretsOf(channel: OpenedChannel): string[] {
  if (channel.kind === 'telegram') return [channel.botToken];
  if (channel.kind === 'webhook') return [channel.secret, channel.url];
  return [];
}

/** A failed call before any answer: a timeout or a network error, both worth another try. */
function networkFailure(err: unknown, timeoutMs: number): SendOutcome {
  const error = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return { ok: false, retryable: true, reason: `no answer within ${Math.round(timeoutMs / 1000)} s` };
  // fetch's own message is only "fetch failed"; the cause says why, without the URL.
  return { ok: false, retryable: true, reason: `network error: ${error.cause?.code ?? error.cause?.message ?? error.message ?? 'unknown'}` };
}

function retryAfterHeader(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Telegram Bot API `sendMessage`. The URL holds the token: it is never logged nor put in a reason. */
async function sendTelegram(channel: Extract<OpenedChannel, { kind: 'telegram' }>, message: AlertMessage, doFetch: typeof fetch, timeoutMs: number): Promise<SendOutcome> {
  const base = (channel.baseUrl || TELEGRAM_DEFAULT_BASE_URL).replace(/\/+$/, '');
  let response: Response;
  try {
    response = await doFetch(`${base}/bot${channel.botToken}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: channel.chatId, text: plainText(message).slice(0, TELEGRAM_TEXT_MAX), disable_web_page_preview: true }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    return networkFailure(err, timeoutMs);
  }
  const body = (await response.json().catch(() => null)) as { ok?: boolean; description?: string; parameters?: { retry_after?: number } } | null;
  if (response.ok && body?.ok !== false) return { ok: true };
  const reason = `Telegram answered ${response.status}${body?.description ? `: ${body.description}` : ''}`;
  if (response.status === 429) {
    const retryAfter = body?.parameters?.retry_after;
    return { ok: false, retryable: true, reason, ...(typeof retryAfter === 'number' && retryAfter >= 0 ? { retryAfterMs: retryAfter * 1000 } : {}) };
  }
  // 400 (chat not found), 401 (bad token), 403 (bot blocked) will not change by waiting.
  return { ok: false, retryable: response.status >= 500, reason };
}

/** A JSON POST signed with HMAC-SHA256 over "<timestamp>.<raw body>"; any 2xx is delivered. */
async function sendWebhook(channel: Extract<OpenedChannel, { kind: 'webhook' }>, message: AlertMessage, doFetch: typeof fetch, timeoutMs: number, now: () => number): Promise<SendOutcome> {
  const body = JSON.stringify({
    alertId: message.alertId,
    deliveryId: message.deliveryId,
    level: message.level,
    title: message.title,
    text: message.text,
    coinId: message.coinId,
    coinName: message.coinName,
    robotId: message.robotId,
    createdAt: message.createdAt,
  });
  const timestamp = String(Math.floor(now() / 1000));
  let response: Response;
  try {
    response = await doFetch(channel.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'MakerDesk-Alerts/1',
        [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(channel.secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
  } catch (err) {
    return networkFailure(err, timeoutMs);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { ok: true };
  const reason = `webhook answered HTTP ${response.status}`;
  if (response.status === 429 || response.status === 408 || response.status >= 500) {
    const retryAfterMs = retryAfterHeader(response.headers.get('retry-after'));
    return { ok: false, retryable: true, reason, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  return { ok: false, retryable: false, reason };
}

async function sendEmail(channel: Extract<OpenedChannel, { kind: 'email' }>, message: AlertMessage, mailer: Mailer): Promise<SendOutcome> {
  try {
    await mailer.send({ to: channel.to, subject: `[MakerDesk] ${message.level.toUpperCase()} ${message.coinName}: ${message.title}`, text: plainText(message) });
    return { ok: true };
  } catch (err) {
    return { ok: false, retryable: true, reason: `mail not accepted: ${(err as Error).message ?? String(err)}` };
  }
}

/** The sender of every kind; whatever a receiver answers, the reason it gives back is scrubbed of secrets. */
export function createChannelSender({ mailer, fetch: doFetch = fetch, timeoutMs = 10_000 }: SenderOptions, now: () => number = Date.now): ChannelSender {
  return async (channel, message) => {
    let outcome: SendOutcome;
    if (channel.kind === 'telegram') outcome = await sendTelegram(channel, message, doFetch, timeoutMs);
    else if (channel.kind === 'webhook') outcome = await sendWebhook(channel, message, doFetch, timeoutMs, now);
    else outcome = await sendEmail(channel, message, mailer);
    return outcome.ok ? outcome : { ...outcome, reason: scrub(outcome.reason, secretsOf(channel)) };
  };
}
