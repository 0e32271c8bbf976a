import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { pickerEpochMs } from './picker-time';

describe('pickerEpochMs', () => {
  it('reads a dayjs, a local time string and a number alike; empty or unreadable is null', () => {
    const at = new Date(2026, 10, 25, 14, 30).getTime();
    expect(pickerEpochMs(dayjs(at))).toBe(at);
    expect(pickerEpochMs('2026-11-25 14:30:00')).toBe(at);
    expect(pickerEpochMs(at)).toBe(at);
    expect(pickerEpochMs(undefined)).toBeNull();
    expect(pickerEpochMs('')).toBeNull();
    expect(pickerEpochMs('not a date')).toBeNull();
  });
});
