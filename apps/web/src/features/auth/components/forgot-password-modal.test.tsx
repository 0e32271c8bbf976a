import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ForgotPasswordModal } from './forgot-password-modal';

beforeEach(() => i18n.changeLanguage('en_US'));
afterEach(() => {
  vi.unstubAllGlobals();
  return i18n.changeLanguage('en_US');
});

const sent = (delivery: 'email' | 'serverLog') => jsonResponse(200, { code: 200, data: { resendAfterSeconds: 60, expiresInSeconds: 600, delivery }, msg: 'SUCCESS' });

async function sendCode(label = 'E-mail', button = 'Send code') {
  fireEvent.change(await screen.findByLabelText(label), { target: { value: 'gina@desk.io' } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

describe('ForgotPasswordModal: where the code went', () => {
  it('with a mail server, says a code is on its way', async () => {
    const fetchMock = mockFetch(sent('email'));
    renderWithProviders(<ForgotPasswordModal open onClose={() => undefined} onReset={() => undefined} />);
    await sendCode();
    expect((await screen.findAllByText('If this e-mail belongs to an account, a code is on its way. It is valid for 10 minutes.')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/ask your administrator/)).toBeNull();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ action: 'sendCode', email: 'gina@desk.io' });
  });

  it('without one, says to ask the administrator and never that a code is on its way, in English and Chinese', async () => {
    mockFetch(sent('serverLog'));
    const { unmount } = renderWithProviders(<ForgotPasswordModal open onClose={() => undefined} onReset={() => undefined} />);
    await sendCode();
    expect(await screen.findByText(/no mail server set, so no e-mail is sent: ask your administrator for the code .* valid for 10 minutes/)).toBeInTheDocument();
    expect(screen.queryByText(/on its way/)).toBeNull();
    unmount();

    await act(() => i18n.changeLanguage('zh_CN'));
    mockFetch(sent('serverLog'));
    renderWithProviders(<ForgotPasswordModal open onClose={() => undefined} onReset={() => undefined} />);
    await sendCode('邮箱', '发送验证码');
    expect(await screen.findByText(/未配置邮件服务器.*请向管理员索取验证码/)).toBeInTheDocument();
  });
});
