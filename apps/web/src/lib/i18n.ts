import { DEFAULT_LANG, languages, parseLang, type Lang } from '@makerdesk/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespaces, resources } from '@/locales';

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...languages],
  ns: namespaces,
  defaultNS: 'common',
  // Keys are flat and dotted ('login.title'), as in ant-design-pro's locale files.
  keySeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export function currentLang(): Lang {
  return parseLang(i18n.language);
}

export { i18n };
