import { describe, expect, it } from 'vitest';
import { expiryNotice, splitMinutes } from './expiry';

const now = Date.UTC(2025, 0, 10, 12, 0, 0);
const minutes = (n: number) => n * 60_000;

describe('expiryNotice', () => {
  it('shows nothing for a pair without an expiry', () => {
    expect(expiryNotice(null, now)).toBeNull();
  });

  it('shows an error once the expiry has passed, with the minutes since', () => {
    expect(expiryNotice(now - minutes(90), now)).toEqual({ kind: 'expired', minutes: 90 });
    expect(expiryNotice(now - minutes(3 * 1440), now)).toEqual({ kind: 'expired', minutes: 4320 });
  });

  it('counts the very moment of expiry, and seconds past it, as expired for 1 minute', () => {
    expect(expiryNotice(now, now)).toEqual({ kind: 'expired', minutes: 1 });
    expect(expiryNotice(now - 5_000, now)).toEqual({ kind: 'expired', minutes: 1 });
  });

  it('warns within 4320 minutes of the expiry, at least 1 minute', () => {
    expect(expiryNotice(now + minutes(4320), now)).toEqual({ kind: 'expiring', minutes: 4320 });
    expect(expiryNotice(now + minutes(61.5), now)).toEqual({ kind: 'expiring', minutes: 61 });
    expect(expiryNotice(now + 10_000, now)).toEqual({ kind: 'expiring', minutes: 1 });
  });

  it('shows nothing further out than 4320 minutes', () => {
    expect(expiryNotice(now + minutes(4320) + 1, now)).toBeNull();
    expect(expiryNotice(now + minutes(30 * 1440), now)).toBeNull();
  });
});

describe('splitMinutes', () => {
  it('splits into days, hours and minutes', () => {
    expect(splitMinutes(4320)).toEqual({ days: 3, hours: 0, minutes: 0 });
    expect(splitMinutes(1 * 1440 + 2 * 60 + 5)).toEqual({ days: 1, hours: 2, minutes: 5 });
    expect(splitMinutes(59)).toEqual({ days: 0, hours: 0, minutes: 59 });
  });

  it('never goes below 1 minute', () => {
    expect(splitMinutes(0)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(splitMinutes(0.4)).toEqual({ days: 0, hours: 0, minutes: 1 });
  });
});
