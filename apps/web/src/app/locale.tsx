import type { Lang } from '@makerdesk/contract';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { i18n } from '@/lib/i18n';
import { detectLang, hasZhPrefix, localizedPath, readStoredLang, storeLang } from '@/lib/locale';

interface LocaleContextValue {
  lang: Lang;
  /** Stores the choice and moves to the same page under the other language's prefix. */
  switchLang: (lang: Lang) => void;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

function currentAddress(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** The language of the address bar; an unprefixed address moves under /zh-cn when Chinese was the last choice. */
function settleLocation(): Lang {
  const lang = detectLang(window.location.pathname, readStoredLang());
  if (lang === 'zh_CN' && !hasZhPrefix(window.location.pathname)) {
    window.history.replaceState(window.history.state, '', localizedPath(currentAddress(), lang));
  }
  void i18n.changeLanguage(lang);
  return lang;
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [lang, setLang] = useState(settleLocation);

  useEffect(() => {
    // Back and forward may cross between the English and the Chinese pages.
    const onPopState = () => setLang(settleLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
  }, [lang]);

  const switchLang = useCallback((next: Lang) => {
    storeLang(next);
    window.history.pushState(null, '', localizedPath(currentAddress(), next));
    void i18n.changeLanguage(next);
    setLang(next);
  }, []);

  const value = useMemo(() => ({ lang, switchLang }), [lang, switchLang]);
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

export function useLocale(): LocaleContextValue {
  const value = use(LocaleContext);
  if (!value) throw new Error('useLocale needs <LocaleProvider>');
  return value;
}
