import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ImportApiKeyModal } from './import-api-key-modal';

const platforms = [
  { id: 1, name: 'MakerDesk Simulator', code: 'sim', sandbox: false, apiBaseUrl: null },
  { id: 3, name: 'OKX', code: 'okx', sandbox: false, apiBaseUrl: null },
];
const coins = [{ coinId: 1, coinName: 'BTC/USDT', platformId: 1, marketKind: 'spot' as const, endTimeStamp: null, status: 'enabled' as const }];
const view = { id: 5, platformId: 3, platformCode: 'okx', apiKey: '****-123', secretKey: '********', passphrase: '********', coinId: 1, coinName: 'BTC/USDT', memberId: null, hosts: ['203.0.113.7'], createdAt: 1, updatedAt: 1 };

beforeEach(() => i18n.changeLanguage('en_US'));
afterEach(() => vi.unstubAllGlobals());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('ImportApiKeyModal', () => {
  it('starts on the pair’s venue and pair, with the IP reminder, and asks a passphrase only where the venue has one', async () => {
    renderWithProviders(<ImportApiKeyModal open onOpenChange={() => undefined} platforms={platforms} coins={coins} defaultCoinId={1} />);
    expect(await screen.findByText('Bind an IP address to this API key')).toBeInTheDocument();
    expect(screen.getByText('MakerDesk Simulator')).toBeInTheDocument();
    expect(screen.queryByLabelText('Passphrase')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText('Exchange'));
    fireEvent.click(await screen.findByTitle('OKX'));
    expect(await screen.findByLabelText('Passphrase')).toBeInTheDocument();
  });

  it('checks the bound IPs and sends them as a list', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { code: 200, data: view, msg: 'SUCCESS' }), jsonResponse(200, { code: 200, data: [view], msg: 'SUCCESS' }));
    renderWithProviders(<ImportApiKeyModal open onOpenChange={() => undefined} platforms={platforms} coins={coins} defaultCoinId={1} />);
    fireEvent.mouseDown(await screen.findByLabelText('Exchange'));
    fireEvent.click(await screen.findByTitle('OKX'));
    fill('API key', ' okx-key-123 ');
    fill('Secret key', 'okx-secret-456');
    fill('Passphrase', 'okx-pass-789');
    fill('Bound IPs', '203.0.113.7, example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Not an IPv4 or IPv6 address: example.com')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fill('Bound IPs', '203.0.113.7, 198.51.100.2');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/backend/credentials/add');
    expect(JSON.parse(String(init?.body))).toEqual({
      platformId: 3,
      coinId: 1,
      apiKey: 'okx-key-123',
      secretKey: 'okx-secret-456',
      passphrase: 'okx-pass-789',
      hosts: ['203.0.113.7', '198.51.100.2'],
    });
    expect(await screen.findByText('Bind success: BTC/USDT now trades with this key')).toBeInTheDocument();
  });
});
