import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-time';

describe('formatDateTime', () => {
  it('writes local time as YYYY-MM-DD HH:mm:ss', () => {
    const local = new Date(2025, 0, 5, 7, 8, 9).getTime();
    expect(formatDateTime(local)).toBe('2025-01-05 07:08:09');
  });
});
