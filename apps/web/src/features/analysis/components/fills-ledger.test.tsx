import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TradingProvider } from '@/market-data/components/trading-context';
import { renderWithProviders } from '@/testing/render';
import { jsonResponse } from '@/testing/fetch-mock';
import { FillsLedger } from './fills-ledger';

configure({ asyncUtilTimeout: 8_000 });
beforeEach(() => void i18n.changeLanguage('en_US'));
afterEach(() => vi.unstubAllGlobals());

const fills = [
  { id: 'm2', at: 1_795_440_000_000, side: 'sell', price: '65000.5', amount: '0.2', fee: '0.001', feeAsset: 'BNB', feeQuote: null, source: { kind: 'other', robotId: null, robotName: null }, orderNo: 'o-2' },
  { id: 'm1', at: 1_795_439_000_000, side: 'buy', price: '64990', amount: '0.5', fee: '0.0005', feeAsset: 'BTC', feeQuote: '32.495', source: { kind: 'manual', robotId: null, robotName: null }, orderNo: 'o-1' },
  { id: 'b1', at: 1_795_438_000_000, side: 'buy', price: '64980', amount: '1', fee: '0.064', feeAsset: 'USDT', feeQuote: '0.064', source: { kind: 'bot', robotId: 3, robotName: 'Far ladder' }, orderNo: null },
];

describe('the fills ledger', { timeout: 60_000 }, () => {
  it('lists each fill with its fee as charged, its value in quote (or says it has none) and its source; asks the server with the filters', async () => {
    localStorage.setItem('makerdesk_token', 'tok');
    const replies: Record<string, unknown> = {
      '/backend/desk/fills': { list: fills, total: 3, current: 1, pageSize: 20, base: 'BTC', quote: 'USDT' },
      '/backend/order/orderBook': { symbol: 'BTC/USDT', bids: [['64990.00', '0.50000']], asks: [['65010.00', '0.40000']], timestamp: 1 },
    };
    const fetchMock = vi.fn((url: string) => {
      const data = replies[url.split('?')[0] ?? ''];
      return Promise.resolve(data === undefined ? jsonResponse(404, { code: 404, data: null, msg: 'no stub' }) : jsonResponse(200, { code: 200, data, msg: 'SUCCESS' }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <TradingProvider coinId={1} name="BTC/USDT">
        <FillsLedger />
      </TradingProvider>,
    );
    const ledger = await screen.findByTestId('fills-ledger');
    expect(await within(ledger).findByText('Bot #3 Far ladder')).toBeInTheDocument();
    expect(within(ledger).getByText('Manual')).toBeInTheDocument();
    expect(within(ledger).getByText('Other client')).toBeInTheDocument();
    expect(within(ledger).getByText('not valued')).toBeInTheDocument();
    expect(within(ledger).getByText('3 fills')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/backend/desk/fills?') && String(url).includes('coinId=1') && String(url).includes('pageSize=20'))).toBe(true));
  });
});
