import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ChannelModal } from './channel-modal';

const BOT_TOKEN = '987654321:AAFakeTelegramTokenForTests_0123456789';
const admin = (mainAccountId: number) => ({ id: 5, account: 'x@desk.test', role: 'trader', employeeName: 'X', mainAccountId, status: 'active' as const, createdAt: 1, lastLoginAt: null });
const telegramChannel = { id: 9, kind: 'telegram' as const, name: 'Desk', enabled: true, lang: 'en_US' as const, target: 'chat -100777', chatId: '-100777', baseUrl: null, url: null, to: null, hasSecret: true, createdAt: 1, updatedAt: 1 };

beforeEach(() => i18n.changeLanguage('en_US'));
afterEach(() => vi.unstubAllGlobals());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ChannelModal: the Telegram API base URL', () => {
  it('is offered to the main account', async () => {
    act(() => signIn('tok', { admin: admin(1), apiKey: [] }));
    renderWithProviders(<ChannelModal editing="add" onClose={() => undefined} />);
    expect(await screen.findByLabelText('Bot token')).toBeInTheDocument();
    expect(screen.getByLabelText('API base URL (optional)')).toBeInTheDocument();
  });

  it('is not there for a restricted account, which adds and edits channels on Telegram’s own API', async () => {
    act(() => signIn('tok', { admin: admin(2), apiKey: [] }));
    const fetchMock = mockFetch(jsonResponse(200, { code: 200, data: telegramChannel, msg: 'SUCCESS' }), jsonResponse(200, { code: 200, data: [telegramChannel], msg: 'SUCCESS' }));
    renderWithProviders(<ChannelModal editing="add" onClose={() => undefined} />);
    expect(await screen.findByLabelText('Bot token')).toBeInTheDocument();
    expect(screen.queryByLabelText('API base URL (optional)')).toBeNull();
    fill('Bot token', BOT_TOKEN);
    fill('Chat ID', '-100777');
    // antd's own buttons read in its default locale here.
    fireEvent.click(screen.getByRole('button', { name: /^(OK|确 ?认)$/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/backend/alert/channel/add');
    expect(JSON.parse(String(init?.body))).toEqual({ kind: 'telegram', name: '', enabled: true, lang: 'en_US', botToken: BOT_TOKEN, chatId: '-100777' });
  });

  it('is not sent when a restricted account edits its channel', async () => {
    act(() => signIn('tok', { admin: admin(2), apiKey: [] }));
    const fetchMock = mockFetch(jsonResponse(200, { code: 200, data: telegramChannel, msg: 'SUCCESS' }), jsonResponse(200, { code: 200, data: [telegramChannel], msg: 'SUCCESS' }));
    renderWithProviders(<ChannelModal editing={telegramChannel} onClose={() => undefined} />);
    expect(await screen.findByLabelText('Chat ID')).toBeInTheDocument();
    expect(screen.queryByLabelText('API base URL (optional)')).toBeNull();
    // antd's own buttons read in its default locale here.
    fireEvent.click(screen.getByRole('button', { name: /^(OK|确 ?认)$/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ id: 9, name: 'Desk', lang: 'en_US', chatId: '-100777' });
  });
});
