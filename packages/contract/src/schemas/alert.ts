import { z } from 'zod';
import { email, epochMs, idParam, pageOf, pageQuery } from './common.ts';
import { tradingLogLevels } from './trading-log.ts';

/**
 * Alert channels and the alerts sent through them (Risk control screen). A channel belongs to the
 * account that made it and carries every alert of every pair that account raises. Its secret (a
 * Telegram bot token, a webhook signing secret) is sealed at rest and never returned, not even in
 * part: a channel answers `hasSecret` instead. The zod messages are catalogue texts
 * (alerts.entries.ts), so a bad field is answered with its own code.
 */
export const alertChannelKinds = ['telegram', 'webhook', 'email'] as const;
export type AlertChannelKind = (typeof alertChannelKinds)[number];

export const TELEGRAM_DEFAULT_BASE_URL = 'https://api.telegram.org';

const URL_MESSAGE = 'Invalid URL, it must be an http:// or https:// address';
const CHAT_ID_MESSAGE = 'Invalid Telegram chat ID, it must be a number such as -1001234567890 or a channel name such as @my_channel';
const TOKEN_MESSAGE = 'Invalid Telegram bot token, it looks like 123456789:AAH… as BotFather gives it';
const WEBHOOK_SECRET_MESSAGE = 'Invalid webhook secret, it must have 16 to 256 characters';

/** http(s) only: no file:, no javascript:, no credentials in the address. */
export const httpUrl = z
  .string()
  .trim()
  .max(2048, { message: URL_MESSAGE })
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, { message: URL_MESSAGE });

/** A numeric chat id (groups and channels are negative) or a public channel's @name. */
export const telegramChatId = z
  .string()
  .trim()
  .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/, { message: CHAT_ID_MESSAGE });

/** BotFather's form: the bot's numeric id, a colon, then 30 or more URL-safe characters. */
export const telegramBotToken = z
  .string()
  .trim()
  .regex(/^\d{1,20}:[A-Za-z0-9_-]{30,100}$/, { message: TOKEN_MESSAGE });

export const webhookSecret = z.string().min(16, { message: WEBHOOK_SECRET_MESSAGE }).max(256, { message: WEBHOOK_SECRET_MESSAGE });

const channelName = z.string().trim().max(64);
/** The language a channel's messages are written in (en_US unless set). */
export const channelLang = z.enum(['en_US', 'zh_CN']);

/** Write-only secrets on update: blank (or absent) keeps the stored one. */
const keepWhenBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

export const alertChannelAddRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('telegram'),
    name: channelName.optional(),
    enabled: z.boolean().default(true),
    lang: channelLang.optional(),
    botToken: telegramBotToken,
    chatId: telegramChatId,
    baseUrl: keepWhenBlank(httpUrl),
  }),
  z.object({
    kind: z.literal('webhook'),
    name: channelName.optional(),
    enabled: z.boolean().default(true),
    lang: channelLang.optional(),
    url: httpUrl,
    secret: webhookSecret,
  }),
  z.object({
    kind: z.literal('email'),
    name: channelName.optional(),
    enabled: z.boolean().default(true),
    lang: channelLang.optional(),
    to: email,
  }),
]);
export type AlertChannelAddRequest = z.infer<typeof alertChannelAddRequest>;

/**
 * Changes one channel; its kind stays. Fields of another kind are refused by the service. A blank
 * secret keeps the stored one; a blank base URL goes back to Telegram's own.
 */
export const alertChannelUpdateRequest = z.object({
  id: idParam,
  name: channelName.optional(),
  enabled: z.boolean().optional(),
  lang: channelLang.optional(),
  botToken: keepWhenBlank(telegramBotToken),
  chatId: telegramChatId.optional(),
  baseUrl: z.union([z.literal(''), httpUrl]).optional(),
  url: httpUrl.optional(),
  secret: keepWhenBlank(webhookSecret),
  to: email.optional(),
});
export type AlertChannelUpdateRequest = z.infer<typeof alertChannelUpdateRequest>;

export const alertChannelIdParams = z.object({ id: idParam });

/** How a channel is shown: where it sends, never its secret. */
export const alertChannelView = z.object({
  id: z.number().int(),
  kind: z.enum(alertChannelKinds),
  name: z.string(),
  enabled: z.boolean(),
  /** The language its messages are written in. */
  lang: channelLang,
  /** What the table shows: the chat id, the webhook's host, the e-mail address. */
  target: z.string(),
  chatId: z.string().nullable(),
  /** Telegram's API root; null means https://api.telegram.org. */
  baseUrl: z.string().nullable(),
  url: z.string().nullable(),
  to: z.string().nullable(),
  /** A bot token or signing secret is stored (it is never sent back). */
  hasSecret: z.boolean(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type AlertChannelView = z.infer<typeof alertChannelView>;
export const alertChannelListResponse = z.array(alertChannelView);

export const alertLevels = tradingLogLevels;
export type AlertLevel = (typeof alertLevels)[number];
export const alertDeliveryStatuses = ['pending', 'sent', 'failed'] as const;
export type AlertDeliveryStatus = (typeof alertDeliveryStatuses)[number];

/**
 * Why a delivery failed, in terms a user can act on: the receiver refused it (its HTTP or SMTP
 * status, never its words), gave no answer (refused connections, time-outs and garbled answers
 * alike), or is a destination the server does not send to; or the channel itself was switched off,
 * deleted, or its secret cannot be opened. `not_delivered` stands for anything else.
 */
export const deliveryFailureCodes = ['refused', 'no_answer', 'not_allowed', 'switched_off', 'channel_deleted', 'secret_unreadable', 'not_delivered'] as const;
export type DeliveryFailureCode = (typeof deliveryFailureCodes)[number];
export const deliveryFailure = z.object({
  code: z.enum(deliveryFailureCodes),
  /** With `refused`: the status the receiver answered, `HTTP 404` or `SMTP 550`. */
  status: z
    .string()
    .regex(/^(HTTP|SMTP) \d{3}$/)
    .optional(),
});
export type DeliveryFailure = z.infer<typeof deliveryFailure>;

export const alertDelivery = z.object({
  id: z.number().int(),
  /** Null once the channel was deleted; its kind and name stay as they were. */
  channelId: z.number().int().nullable(),
  channelKind: z.enum(alertChannelKinds),
  channelName: z.string(),
  status: z.enum(alertDeliveryStatuses),
  attempts: z.number().int(),
  /** Why the last attempt failed; null once sent. */
  reason: deliveryFailure.nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
  sentAt: epochMs.nullable(),
});
export type AlertDelivery = z.infer<typeof alertDelivery>;

export const alert = z.object({
  id: z.number().int(),
  coinId: z.number().int(),
  robotId: z.number().int().nullable(),
  level: z.enum(alertLevels),
  title: z.string(),
  text: z.string(),
  createdAt: epochMs,
  deliveries: z.array(alertDelivery),
});
export type Alert = z.infer<typeof alert>;

/** The pair's alerts raised by the caller's account, newest first. */
export const alertListQuery = pageQuery.extend({ coinId: idParam });
export const alertListResponse = pageOf(alert);

/** Sends a test message through one channel; its outcome goes to the pair's trading log and recent alerts. */
export const alertChannelTestRequest = z.object({ id: idParam, coinId: idParam });
/** The test message's delivery when it settled, or still pending after the wait. */
export const alertChannelTestResponse = alertDelivery;
