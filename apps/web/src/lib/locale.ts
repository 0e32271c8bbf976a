import { DEFAULT_LANG, parseLang, storageKeys, type Lang } from '@makerdesk/contract';

/** The Chinese variant of every page lives under this path prefix (spec §1). */
export const ZH_PREFIX = '/zh-cn';

export function hasZhPrefix(pathname: string): boolean {
  return pathname === ZH_PREFIX || pathname.startsWith(`${ZH_PREFIX}/`);
}

/** The router basename for a language: the Chinese pages sit under the prefix. */
export function basenameFor(lang: Lang): string {
  return lang === 'zh_CN' ? ZH_PREFIX : '/';
}

/**
 * The language a page opens in: the path prefix decides, and an unprefixed path follows the
 * language the user chose last (English when none was chosen).
 */
export function detectLang(pathname: string, storedLang: string | null): Lang {
  return hasZhPrefix(pathname) ? 'zh_CN' : storedLang ? parseLang(storedLang) : DEFAULT_LANG;
}

/** The same page in another language: '/user?x=1' ⇄ '/zh-cn/user?x=1'. */
export function localizedPath(path: string, lang: Lang): string {
  const unprefixed = hasZhPrefix(path) || /^\/zh-cn[?#]/.test(path) ? path.slice(ZH_PREFIX.length) : path;
  const normalized = unprefixed.startsWith('/') ? unprefixed : `/${unprefixed}`;
  if (lang !== 'zh_CN') return normalized;
  return normalized === '/' ? ZH_PREFIX : `${ZH_PREFIX}${normalized}`;
}

export function readStoredLang(): string | null {
  return localStorage.getItem(storageKeys.language);
}

export function storeLang(lang: Lang): void {
  localStorage.setItem(storageKeys.language, lang);
}
