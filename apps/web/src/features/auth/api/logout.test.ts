import { storageKeys, THEME_STORAGE_KEY } from '@makerdesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { spyOnFeedback } from '@/testing/feedback-spy';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { logout } from './logout';

let feedback: ReturnType<typeof spyOnFeedback>;
beforeEach(async () => {
  feedback = spyOnFeedback();
  await i18n.changeLanguage('en_US');
  localStorage.setItem(storageKeys.token, 'tok');
  localStorage.setItem(storageKeys.language, 'en_US');
  localStorage.setItem(THEME_STORAGE_KEY, '#13c2c2');
  localStorage.setItem(storageKeys.currentPairId, '1');
  sessionStorage.setItem(storageKeys.session, '{}');
});
afterEach(() => vi.unstubAllGlobals());

describe('logout', () => {
  it('on code 200 clears every stored item but theme and language, and says so', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { code: 200, data: null, msg: 'SUCCESS' }));
    await logout();
    expect(fetchMock.mock.calls[0]![0]).toBe('/backend/admin/logout');
    expect({ ...localStorage }).toEqual({ [storageKeys.language]: 'en_US', [THEME_STORAGE_KEY]: '#13c2c2' });
    expect(sessionStorage.length).toBe(0);
    expect(feedback.message.loading).toHaveBeenCalledWith('Signing out…', 0);
    expect(feedback.message.success).toHaveBeenCalledWith('Logout successful');
    expect(feedback.hideLoading).toHaveBeenCalledOnce();
  });

  it('keeps the session on failure, rethrows with the message and still hides the loading message', async () => {
    mockFetch(jsonResponse(500, { code: 500, data: { code: 1050501 }, msg: 'Internal error, please try again later' }));
    await expect(logout()).rejects.toThrow('Internal error, please try again later');
    expect(localStorage.getItem(storageKeys.token)).toBe('tok');
    expect(feedback.message.success).not.toHaveBeenCalled();
    expect(feedback.hideLoading).toHaveBeenCalledOnce();
  });
});
