import { EXPIRY_WARNING_MINUTES } from '@makerdesk/contract';

export type ExpiryNotice = { kind: 'expired' | 'expiring'; minutes: number } | null;

const MINUTE_MS = 60_000;

/**
 * The expiry banner of spec §4: none without an expiry; an error once it has passed; a warning
 * within 4320 minutes (3 days) of it; nothing further out. Minutes are whole, at least 1.
 */
export function expiryNotice(endTimeStamp: number | null, now: number): ExpiryNotice {
  if (endTimeStamp === null) return null;
  const minutesLeft = (endTimeStamp - now) / MINUTE_MS;
  if (minutesLeft <= 0) return { kind: 'expired', minutes: Math.max(1, Math.floor(-minutesLeft)) };
  if (minutesLeft <= EXPIRY_WARNING_MINUTES) return { kind: 'expiring', minutes: Math.max(1, Math.floor(minutesLeft)) };
  return null;
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole minutes as days, hours and minutes, never less than 1 minute in all (spec §9). */
export function splitMinutes(totalMinutes: number): DurationParts {
  const total = Math.max(1, Math.floor(totalMinutes));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}
