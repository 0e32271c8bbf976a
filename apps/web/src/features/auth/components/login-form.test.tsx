import { storageKeys } from '@makerdesk/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { LoginForm } from './login-form';

beforeEach(() => i18n.changeLanguage('en_US'));
afterEach(() => vi.unstubAllGlobals());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginForm', () => {
  it('shows the spec messages for an empty form, and sends nothing', async () => {
    const fetchMock = mockFetch();
    renderWithProviders(<LoginForm onForgotPassword={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Username can not be empty!')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 8 digits and at most 16 digits!')).toBeInTheDocument();
    expect(screen.getByText('Agree to the user agreement to log in!')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a password longer than 16 characters', async () => {
    renderWithProviders(<LoginForm onForgotPassword={() => undefined} />);
    fill('Password', 'x'.repeat(17));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The password must be at least 8 digits and at most 16 digits!')).toBeInTheDocument();
  });

  it('posts the credentials and stores the session on success', async () => {
    const admin = { id: 1, account: 'admin@makerdesk.local', role: 'operator', employeeName: 'Admin', mainAccountId: 1, status: 'active', createdAt: 1, lastLoginAt: 2 };
    const fetchMock = mockFetch(jsonResponse(200, { code: 200, data: { token: 'tok', expiresAt: 9, userInfo: { admin, apiKey: [] } }, msg: 'SUCCESS' }));
    renderWithProviders(<LoginForm onForgotPassword={() => undefined} />);
    fill('E-mail', ' admin@makerdesk.local ');
    fill('Password', 'admin12345');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(localStorage.getItem(storageKeys.token)).toBe('tok'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/backend/admin/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'admin@makerdesk.local', password: 'admin12345' });
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    mockFetch(jsonResponse(400, { code: 400, data: { code: 1070001 }, msg: 'Incorrect username or password' }));
    renderWithProviders(<LoginForm onForgotPassword={() => undefined} />);
    fill('E-mail', 'admin@makerdesk.local');
    fill('Password', 'wrongpass1');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect username or password')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});
