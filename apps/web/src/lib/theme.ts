import { DEFAULT_THEME_COLOR, THEME_STORAGE_KEY } from '@makerdesk/contract';
import { storedValue, useStoredValue } from './stored-value';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isThemeColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** Stored as the bare colour string under `local_theme`; anything else reads as the default. */
const themeColor = storedValue<string>(
  THEME_STORAGE_KEY,
  { parse: (raw) => (isThemeColor(raw) ? raw : undefined), serialize: (color) => color },
  DEFAULT_THEME_COLOR,
);

export function readThemeColor(): string {
  return themeColor.get();
}

export function saveThemeColor(color: string): void {
  if (isThemeColor(color)) themeColor.set(color);
}

export function useThemeColor(): string {
  return useStoredValue(themeColor);
}

/** A colour of the palette other than the current one, for the picker's random pick. */
export function randomColor(palette: readonly string[], current: string, random: () => number = Math.random): string {
  const others = palette.filter((color) => color.toLowerCase() !== current.toLowerCase());
  const choices = others.length > 0 ? others : palette;
  return choices[Math.floor(random() * choices.length)] ?? current;
}
