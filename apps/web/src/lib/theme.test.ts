import { DEFAULT_THEME_COLOR, pickerPalette, THEME_STORAGE_KEY } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { randomColor, readThemeColor, saveThemeColor } from './theme';

describe('theme colour storage', () => {
  it('defaults to #722ed1', () => {
    expect(readThemeColor()).toBe(DEFAULT_THEME_COLOR);
    expect(DEFAULT_THEME_COLOR).toBe('#722ed1');
  });

  it("keeps the chosen colour under 'local_theme'", () => {
    saveThemeColor('#13c2c2');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('#13c2c2');
    expect(readThemeColor()).toBe('#13c2c2');
  });

  it('ignores values that are not colours, stored or given', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'url(javascript:alert(1))');
    expect(readThemeColor()).toBe(DEFAULT_THEME_COLOR);
    saveThemeColor('red; background: x');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('url(javascript:alert(1))');
  });
});

describe('randomColor', () => {
  const palette = Object.values(pickerPalette);

  it('picks a palette colour other than the current one', () => {
    for (const r of [0, 0.3, 0.99]) {
      const color = randomColor(palette, pickerPalette.purple, () => r);
      expect(palette).toContain(color);
      expect(color).not.toBe(pickerPalette.purple);
    }
  });
});
