import { TELEGRAM_DEFAULT_BASE_URL, type AlertChannelKind, type AlertLevel, type DeliveryFailure } from '@makerdesk/contract';
import type { Mailer } from '../mail/mailer.ts';
import { refusedByGuard } from '../outbound/outbound-guard.ts';
import { failure } from './delivery-failure.ts';
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

/** One attempt's result: a failure says why in a fixed vocabulary, never in the receiver's words. */
export type SendOutcome = { ok: true } | { ok: false; retryable: boolean; reason: DeliveryFailure; retryAfterMs?: number };

export type ChannelSender = (channel: OpenedChannel, message: AlertMessage) => Promise<SendOutcome>;

export interface SenderOptions {
  mailer: Mailer;
  /** Telegram and webhook calls go through it: the guarded fetch (outbound/guarded-http.ts) in the server. */
  fetch: typeof fetch;
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

/**
 * A call that got no answer. Refused connections, time-outs, resets and garbled answers all read
 * "no answer" (telling them apart would map the receiver's network); a destination the guard
 * refused reads "destination not allowed" and is not tried again.
 */
function networkFailure(err: unknown): SendOutcome {
  if (refusedByGuard(err)) return { ok: false, retryable: false, reason: failure.notAllowed };
  return { ok: false, retryable: true, reason: failure.noAnswer };
}

/** An HTTP answer other than success: its status only; 5xx, 408 and 429 may pass with time. */
function refusedAnswer(status: number, retryAfterMs: number | undefined): SendOutcome {
  const retryable = status === 429 || status === 408 || status >= 500;
  return { ok: false, retryable, reason: failure.refused(`HTTP ${status}`), ...(retryable && retryAfterMs !== undefined ? { retryAfterMs } : {}) };
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
  let body: { ok?: boolean; parameters?: { retry_after?: number } } | null;
  try {
    response = await doFetch(`${base}/bot${channel.botToken}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: channel.chatId, text: plainText(message).slice(0, TELEGRAM_TEXT_MAX), disable_web_page_preview: true }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    body = (await response.json().catch(() => null)) as typeof body;
  } catch (err) {
    return networkFailure(err);
  }
  if (response.status >= 200 && response.status < 300 && body?.ok !== false) return { ok: true };
  const retryAfter = body?.parameters?.retry_after;
  return refusedAnswer(response.status, response.status === 429 && typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter * 1000 : undefined);
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
    return networkFailure(err);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { ok: true };
  return refusedAnswer(response.status, retryAfterHeader(response.headers.get('retry-after')));
}

/** The SMTP server's status when it refused the mail (5xx for good, 4xx for now); no answer otherwise. */
function mailFailure(err: unknown): SendOutcome {
  const responseCode = (err as { responseCode?: unknown } | null)?.responseCode;
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 600) {
    return { ok: false, retryable: responseCode < 500, reason: failure.refused(`SMTP ${responseCode}`) };
  }
  return { ok: false, retryable: true, reason: failure.noAnswer };
}

async function sendEmail(channel: Extract<OpenedChannel, { kind: 'email' }>, message: AlertMessage, mailer: Mailer): Promise<SendOutcome> {
  try {
    await mailer.send({ to: channel.to, subject: `[MakerDesk] ${message.level.toUpperCase()} ${message.coinName}: ${message.title}`, text: plainText(message) });
    return { ok: true };
  } catch (err) {
    return mailFailure(err);
  }
}

/** The sender of every kind. */
export function createChannelSender({ mailer, fetch: doFetch, timeoutMs = 10_000 }: SenderOptions, now: () => number = Date.now): ChannelSender {
  return async (channel, message) => {
    if (channel.kind === 'telegram') return sendTelegram(channel, message, doFetch, timeoutMs);
    if (channel.kind === 'webhook') return sendWebhook(channel, message, doFetch, timeoutMs, now);
    return sendEmail(channel, message, mailer);
  };
}
