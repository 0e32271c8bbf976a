import type { CatalogueEntry } from './types.ts';

/**
 * 1080028: the web app turns this data.code into a system-notice event instead of a toast
 * (`SYSTEM_NOTICE_CODE` in codes.ts); the text is the fallback title.
 */
export const noticeEntries: CatalogueEntry[] = [
  { code: 1080028, group: 'notice', http: 503, en: 'System notice', zh: '系统通知' },
];
