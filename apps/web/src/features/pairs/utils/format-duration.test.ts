import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { splitMinutes } from './expiry';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('writes days, hours and minutes in English with plurals, leaving out zero parts', () => {
    const t = i18n.getFixedT('en_US', 'common');
    expect(formatDuration(splitMinutes(1440 + 120 + 5), t)).toBe('1 day 2 hours 5 minutes');
    expect(formatDuration(splitMinutes(4320), t)).toBe('3 days');
    expect(formatDuration(splitMinutes(61), t)).toBe('1 hour 1 minute');
    expect(formatDuration(splitMinutes(0), t)).toBe('1 minute');
  });

  it('writes them in Chinese without separators', () => {
    const t = i18n.getFixedT('zh_CN', 'common');
    expect(formatDuration(splitMinutes(1440 + 120 + 5), t)).toBe('1天2小时5分钟');
  });
});
