import { describe, expect, it } from 'vitest';
import { renderServerText, verbatim } from './render.ts';
import { serverText } from './server-text.ts';
import { serverTextTemplates } from './templates.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server texts', () => {
  it('every template has both languages, no blank text and the same placeholders in each', () => {
    for (const [key, t] of Object.entries(serverTextTemplates)) {
      expect(key, key).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/);
      expect(t.en.trim(), key).not.toBe('');
      expect(t.zh.trim(), key).not.toBe('');
      expect(placeholders(t.zh), key).toEqual(placeholders(t.en));
    }
  });

  it('a verbatim text reads the same in both languages, and an unknown key shows its text or its key', () => {
    expect(renderServerText(verbatim('Bot started'), 'zh_CN')).toBe('Bot started');
    expect(renderServerText({ key: 'no.suchKey', params: { text: 'kept' } }, 'en_US')).toBe('kept');
    expect(renderServerText({ key: 'no.suchKey', params: {} }, 'zh_CN')).toBe('no.suchKey');
  });

  it('the schema refuses a text without a key and fills missing params with none', () => {
    expect(serverText.safeParse({ key: '' }).success).toBe(false);
    expect(serverText.parse({ key: 'a.b' })).toEqual({ key: 'a.b', params: {} });
  });
});
