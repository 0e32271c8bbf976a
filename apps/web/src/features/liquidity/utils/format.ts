import { appliesAllDay, type LiquidityObligationTerms } from '@makerdesk/contract';
import type { TFunction } from 'i18next';
import { splitSeconds } from './period';

/** '2 d 3 h', '3 h 20 min', '4 min 5 s', '0 s': the two largest non-zero parts. */
export function formatSpan(totalSeconds: number, t: TFunction<'liquidity'>): string {
  const { days, hours, minutes, seconds } = splitSeconds(totalSeconds);
  const parts: string[] = [];
  if (days > 0) parts.push(t('duration.d', { count: days }));
  if (hours > 0) parts.push(t('duration.h', { count: hours }));
  if (minutes > 0) parts.push(t('duration.m', { count: minutes }));
  if (seconds > 0) parts.push(t('duration.s', { count: seconds }));
  return parts.length === 0 ? t('duration.s', { count: 0 }) : parts.slice(0, 2).join(' ');
}

/** Epoch ms as UTC 'MM-DD HH:mm' (the obligation's periods are UTC days and months). */
export function formatUtc(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(5, 16).replace('T', ' ');
}

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The hours of the UTC day an obligation applies: 'All day' or '08:00–20:00 UTC'. */
export function formatObligationHours(obligation: Pick<LiquidityObligationTerms, 'fromHourUtc' | 'toHourUtc'>, t: TFunction<'liquidity'>): string {
  if (appliesAllDay(obligation)) return t('obligation.hours.allDay');
  return t('obligation.hours.range', { from: hh(obligation.fromHourUtc ?? 0), to: hh(obligation.toHourUtc ?? 24) });
}
