import { storageKeys, THEME_STORAGE_KEY } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { clearStoredData } from './browser-storage';
import { readCurrentPair, selectCurrentPair } from './current-pair';

describe('clearStoredData', () => {
  it('removes everything but the theme colour and the language, and empties sessionStorage', () => {
    localStorage.setItem(THEME_STORAGE_KEY, '#13c2c2');
    localStorage.setItem(storageKeys.language, 'zh_CN');
    localStorage.setItem(storageKeys.token, 'tok');
    localStorage.setItem(storageKeys.apiKeyInfo, '{}');
    localStorage.setItem('something-else', '1');
    sessionStorage.setItem(storageKeys.session, '{"shownNotices":[3000401]}');
    selectCurrentPair({ id: 2, name: 'ETH/USDT' });

    clearStoredData();

    expect({ ...localStorage }).toEqual({ [THEME_STORAGE_KEY]: '#13c2c2', [storageKeys.language]: 'zh_CN' });
    expect(sessionStorage.length).toBe(0);
    expect(readCurrentPair()).toBeNull();
  });
});
