import type { TFunction } from 'i18next';
import type { DurationParts } from './expiry';

/** '1 day 2 hours 5 minutes' / '1天2小时5分钟'; zero parts are left out. */
export function formatDuration({ days, hours, minutes }: DurationParts, t: TFunction<'common'>): string {
  const parts = [
    days > 0 ? t('time.day', { count: days }) : null,
    hours > 0 ? t('time.hour', { count: hours }) : null,
    minutes > 0 ? t('time.minute', { count: minutes }) : null,
  ];
  return parts.filter((part) => part !== null).join(t('time.separator'));
}
