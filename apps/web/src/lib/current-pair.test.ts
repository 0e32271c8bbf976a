import { storageKeys } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { clearCurrentPair, readCurrentPair, selectCurrentPair } from './current-pair';

describe('current pair', () => {
  it('is stored as name and id under the contract keys', () => {
    selectCurrentPair({ id: 4, name: 'MDK/USDT' });
    expect(localStorage.getItem(storageKeys.currentPairId)).toBe('4');
    expect(localStorage.getItem(storageKeys.currentPairName)).toBe('MDK/USDT');
    expect(readCurrentPair()).toEqual({ id: 4, name: 'MDK/USDT' });
  });

  it('reads as none when either half is missing or the id is not a number', () => {
    localStorage.setItem(storageKeys.currentPairName, 'BTC/USDT');
    expect(readCurrentPair()).toBeNull();
    localStorage.setItem(storageKeys.currentPairId, 'abc');
    expect(readCurrentPair()).toBeNull();
  });

  it('is cleared with both keys', () => {
    selectCurrentPair({ id: 1, name: 'BTC/USDT' });
    clearCurrentPair();
    expect(readCurrentPair()).toBeNull();
    expect(localStorage.getItem(storageKeys.currentPairId)).toBeNull();
  });
});
