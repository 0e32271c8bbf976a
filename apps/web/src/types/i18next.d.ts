import 'i18next';
import type { Resources } from '@/locales';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    keySeparator: false;
    resources: Resources;
  }
}
