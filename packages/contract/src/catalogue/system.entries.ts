import type { CatalogueEntry } from './types.ts';

/** 3010001, 3010005: system and database errors; 3030001, 3030002: message-queue errors (§8). */
export const systemEntries: CatalogueEntry[] = [
  { code: 3010001, group: 'system', http: 500, en: 'System error, please try again later', zh: '系统错误，请稍后再试' },
  { code: 3010005, group: 'system', http: 500, en: 'Database error, please try again later', zh: '数据库错误，请稍后再试' },

  { code: 3030001, group: 'queue', http: 503, en: 'The message queue is unavailable, please try again later', zh: '消息队列不可用，请稍后再试' },
  { code: 3030002, group: 'queue', http: 500, en: 'Failed to publish the message, please try again later', zh: '消息发送失败，请稍后再试' },
];
