import type { CatalogueEntry } from './types.ts';

/**
 * Alert channels (Telegram, signed webhook, e-mail): MakerDesk's own codes in the params group
 * (1030045–1030049). The texts are also the zod messages of the channel schemas
 * (schemas/alert.ts), so a bad field is answered with its own code. A bad e-mail address answers
 * the spec's 1030030 (Invalid email format).
 */
export const alertEntries: CatalogueEntry[] = [
  {
    code: 1030045,
    group: 'params',
    http: 400,
    en: 'Invalid URL, it must be an http:// or https:// address',
    zh: 'URL无效，须为 http:// 或 https:// 地址',
  },
  {
    code: 1030046,
    group: 'params',
    http: 400,
    en: 'Invalid Telegram chat ID, it must be a number such as -1001234567890 or a channel name such as @my_channel',
    zh: 'Telegram 聊天ID无效，须为数字（如 -1001234567890）或频道名（如 @my_channel）',
  },
  {
    code: 1030047,
    group: 'params',
    http: 400,
    en: 'Invalid Telegram bot token, it looks like 123456789:AAH… as BotFather gives it',
    zh: 'Telegram 机器人令牌无效，格式如 BotFather 给出的 123456789:AAH…',
  },
  {
    code: 1030048,
    group: 'params',
    http: 400,
    en: 'Invalid webhook secret, it must have 16 to 256 characters',
    zh: 'Webhook 密钥无效，须为 16 到 256 个字符',
  },
  { code: 1030049, group: 'params', http: 404, en: 'Alert channel not found', zh: '告警通道不存在' },
];
