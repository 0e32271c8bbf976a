import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format-time';
import { feedSinceText } from './feed';

describe('feedSinceText', () => {
  it('the local hour and minute on the day it is read, the date before that day', () => {
    const since = new Date(2026, 10, 27, 12, 3, 41).getTime();
    expect(feedSinceText(since, new Date(2026, 10, 27, 12, 10).getTime())).toBe('12:03');
    expect(feedSinceText(since, new Date(2026, 10, 28, 0, 1).getTime())).toBe('2026-11-27 12:03');
    expect(feedSinceText(since, since)).toBe(formatDateTime(since).slice(11, 16));
  });
});
