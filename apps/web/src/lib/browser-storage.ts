import { storageKeys, THEME_STORAGE_KEY } from '@makerdesk/contract';
import { notifyStorageChanged } from './stored-value';

/** Preferences that survive a logout: they belong to the browser, not to the account. */
const keptAcrossLogout: ReadonlySet<string> = new Set([THEME_STORAGE_KEY, storageKeys.language]);

/** Logout (spec §4): every stored item goes except the theme colour and the language. */
export function clearStoredData(): void {
  for (const key of Object.keys(localStorage)) {
    if (!keptAcrossLogout.has(key)) localStorage.removeItem(key);
  }
  sessionStorage.clear();
  notifyStorageChanged();
}
