import { endpoints, storageKeys, THEME_STORAGE_KEY } from '@makerdesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorTexts, spyOnFeedback } from '@/testing/feedback-spy';
import { hangingFetch, jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { ApiError, call, callFile, SYSTEM_NOTICE_EVENT } from './api-client';
import { SIGNED_OUT_EVENT } from './auth';
import { i18n } from './i18n';

const admin = {
  id: 1,
  account: 'admin@makerdesk.local',
  role: 'operator',
  employeeName: 'Administrator',
  mainAccountId: 1,
  status: 'active',
  createdAt: 1,
  lastLoginAt: null,
};

function signInStorage() {
  localStorage.setItem(storageKeys.token, 'tok-123');
  localStorage.setItem(storageKeys.userInfo, JSON.stringify({ admin, apiKey: [] }));
  localStorage.setItem(storageKeys.currentPairId, '3');
  localStorage.setItem(storageKeys.currentPairName, 'BTC/USDT');
  localStorage.setItem(THEME_STORAGE_KEY, '#13c2c2');
}

const failure = (status: number, code: number, dataCode: number, msg: string) => jsonResponse(status, { code, data: { code: dataCode }, msg });

let feedback: ReturnType<typeof spyOnFeedback>;
beforeEach(async () => {
  feedback = spyOnFeedback();
  await i18n.changeLanguage('en_US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api-client: requests', () => {
  it('sends lang and the bearer token, serialises the query, and unwraps the envelope', async () => {
    signInStorage();
    const fetchMock = mockFetch(jsonResponse(200, { code: 200, data: { list: [], total: 0, current: 1, pageSize: 20 }, msg: 'SUCCESS' }));
    await expect(call(endpoints.adminList, { query: { current: 1, pageSize: 20, account: '', status: undefined } })).resolves.toEqual({ list: [], total: 0, current: 1, pageSize: 20 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/backend/admin/list?current=1&pageSize=20');
    const headers = new Headers(init?.headers);
    expect(headers.get('lang')).toBe('en_US');
    expect(headers.get('authorization')).toBe('Bearer tok-123');
  });

  it('asks in Chinese when the console is in Chinese, and posts JSON bodies', async () => {
    await i18n.changeLanguage('zh_CN');
    const fetchMock = mockFetch(jsonResponse(200, { code: 200, data: { token: 'tok', expiresAt: 1, userInfo: { admin, apiKey: [] } }, msg: 'SUCCESS' }));
    await call(endpoints.login, { body: { username: 'a@b.c', password: 'x' } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('lang')).toBe('zh_CN');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"username":"a@b.c","password":"x"}');
  });

  it("checks the reply against the endpoint's schema in the contract", async () => {
    mockFetch(jsonResponse(200, { code: 200, data: [{ coinId: 'x' }], msg: 'SUCCESS' }));
    const failed = call(endpoints.coinList);
    await expect(failed).rejects.toMatchObject({ kind: 'invalid-reply', message: 'The server sent an unexpected reply' });
  });
});

describe('api-client: session end', () => {
  it('on HTTP 401 clears token, user info and pair, keeps the theme, raises the sign-out event and says so', async () => {
    signInStorage();
    const signedOut = vi.fn();
    window.addEventListener(SIGNED_OUT_EVENT, signedOut);
    mockFetch(failure(401, 401, 401, 'Login has expired, please sign in again'));

    await expect(call(endpoints.coinList)).rejects.toMatchObject({ kind: 'response', status: 401, code: 401 });

    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.userInfo)).toBeNull();
    expect(localStorage.getItem(storageKeys.currentPairId)).toBeNull();
    expect(localStorage.getItem(storageKeys.currentPairName)).toBeNull();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('#13c2c2');
    expect(signedOut).toHaveBeenCalledOnce();
    expect(errorTexts(feedback.message.error)).toEqual(['Login has expired, please sign in again']);
    window.removeEventListener(SIGNED_OUT_EVENT, signedOut);
  });

  it('cancels every request still in flight, silently', async () => {
    signInStorage();
    let answer401: (r: Response) => void = () => undefined;
    mockFetch(hangingFetch, () => new Promise<Response>((resolve) => (answer401 = resolve)));
    const slow = call(endpoints.tradingLogList, { query: { coinId: 1 } });
    const failing = call(endpoints.coinList);
    answer401(failure(401, 401, 401, 'Login has expired, please sign in again'));

    await expect(failing).rejects.toBeInstanceOf(ApiError);
    await expect(slow).rejects.toMatchObject({ kind: 'cancelled' });
    expect(feedback.message.error).toHaveBeenCalledTimes(1);
  });

  it('treats a suspended account (2000401) as signed out and says so once per session', async () => {
    signInStorage();
    const suspended = () => failure(403, 2000401, 2000401, 'Your account has been suspended, please contact support');
    mockFetch(suspended(), suspended());

    await expect(call(endpoints.coinList)).rejects.toMatchObject({ code: 2000401 });
    await expect(call(endpoints.coinList)).rejects.toMatchObject({ code: 2000401 });

    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(errorTexts(feedback.message.error)).toEqual(['Your account has been suspended, please contact support']);
  });

  it('shows the unavailable-pair and expired-pair notices once per session without signing out', async () => {
    signInStorage();
    mockFetch(
      failure(403, 3000401, 3000401, 'x'),
      failure(403, 3000401, 3000401, 'x'),
      failure(403, 4000401, 4000401, 'y'),
      failure(403, 4000401, 4000401, 'y'),
    );
    for (let i = 0; i < 4; i += 1) await expect(call(endpoints.wallet, { query: { coinId: 3 } })).rejects.toBeInstanceOf(ApiError);

    expect(localStorage.getItem(storageKeys.token)).toBe('tok-123');
    expect(errorTexts(feedback.message.error)).toEqual([
      'This trading pair is temporarily unavailable, please choose another pair',
      'The service for this trading pair has expired, please choose another pair',
    ]);
  });
});

describe('api-client: failure texts', () => {
  it('shows the catalogue text of a known data.code in the console language', async () => {
    await i18n.changeLanguage('zh_CN');
    mockFetch(failure(400, 400, 1070001, 'Incorrect username or password'));
    await expect(call(endpoints.health)).rejects.toMatchObject({ message: '用户名或密码错误', code: 1070001 });
    expect(errorTexts(feedback.message.error)).toEqual(['用户名或密码错误']);
  });

  it("prefers the server's msg when the catalogue text has placeholders", async () => {
    mockFetch(failure(429, 429, 1070002, 'Too many attempts, please try again in 42 seconds'));
    await expect(call(endpoints.health)).rejects.toThrow('Too many attempts, please try again in 42 seconds');
  });

  it("shows the server's msg for a code outside the catalogue", async () => {
    mockFetch(failure(400, 400, 9999999, 'Something specific went wrong'));
    await expect(call(endpoints.health)).rejects.toThrow('Something specific went wrong');
    expect(errorTexts(feedback.message.error)).toEqual(['Something specific went wrong']);
  });

  it('raises the system-notice event for data.code 1080028 instead of a toast', async () => {
    const notice = vi.fn();
    window.addEventListener(SYSTEM_NOTICE_EVENT, notice);
    mockFetch(failure(400, 400, 1080028, 'Maintenance tonight at 02:00 UTC'));
    await expect(call(endpoints.health)).rejects.toBeInstanceOf(ApiError);
    expect((notice.mock.calls[0]![0] as CustomEvent).detail).toEqual({ message: 'Maintenance tonight at 02:00 UTC' });
    expect(feedback.message.error).not.toHaveBeenCalled();
    window.removeEventListener(SYSTEM_NOTICE_EVENT, notice);
  });

  it('leaves the message to the caller with skipErrorHandler', async () => {
    mockFetch(failure(400, 400, 1070001, 'Incorrect username or password'));
    await expect(call(endpoints.login, { body: { username: '', password: '' } }, { skipErrorHandler: true })).rejects.toThrow('Incorrect username or password');
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it('names the HTTP status when the reply is not an envelope', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call(endpoints.health)).rejects.toMatchObject({ status: 502, message: 'Request failed (HTTP 502)' });
  });
});

describe('api-client: transport failures', () => {
  it('gives up after 60 seconds', async () => {
    vi.useFakeTimers();
    mockFetch(hangingFetch);
    const request = call(endpoints.coinList);
    const assertion = expect(request).rejects.toMatchObject({ kind: 'timeout', message: 'The request timed out, please try again' });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(feedback.message.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(errorTexts(feedback.message.error)).toEqual(['The request timed out, please try again']);
  });

  it('says the server cannot be reached when fetch itself fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call(endpoints.coinList)).rejects.toMatchObject({ kind: 'network' });
    expect(errorTexts(feedback.message.error)).toEqual(['Cannot reach the server, please check your connection']);
  });
});

describe('api-client: files', () => {
  it('answers the text and the name of a file call, with the session token', async () => {
    signInStorage();
    const fetchMock = mockFetch(new Response('time,value\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="BTC-USDT_a_b.csv"' } }));
    const file = await callFile(endpoints.analysisExport, { query: { coinId: 1, from: 1, to: 2 } });
    expect(file).toEqual({ text: 'time,value\r\n', fileName: 'BTC-USDT_a_b.csv' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/backend/analysis/export?coinId=1&from=1&to=2');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('a refusal comes as the envelope and is shown like any call', async () => {
    signInStorage();
    mockFetch(failure(400, 1050400, 1030025, 'Invalid date range, the start date must be before the end date'));
    const error = await callFile(endpoints.analysisExport, { query: { coinId: 1, from: 2, to: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(1030025);
    expect(errorTexts(feedback.message.error)).toEqual(['Invalid date range, the start date must be before the end date']);
  });
});
