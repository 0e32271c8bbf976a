import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { OrderTicket } from './order-ticket';
import { TradingProvider } from '@/market-data/components/trading-context';

const balance = (asset: string, available: string) => ({ asset, available, frozen: '0.00000000', total: available });
const order = { orderNo: '42', clientOrderId: 'MDmanual1', symbol: 'BTC/USDT', price: '60000.00', amount: '0.01000', direction: 'buy', tradeType: 'limit', filledAmount: '0.00000', filledValue: '0', status: 'pending', createdAt: 1, updatedAt: 1, source: { kind: 'manual', robotId: null, robotName: null } };

/** The trading calls a ticket makes, answered by path. */
const replies: Record<string, unknown> = {
  '/backend/order/orderBook': { symbol: 'BTC/USDT', bids: [['64990.00', '0.50000']], asks: [['65010.00', '0.40000']], timestamp: 1 },
  '/backend/order/wallet': { base: balance('BTC', '2.00000000'), quote: balance('USDT', '1000.00000000'), balances: [] },
  '/backend/order/getPrice': { symbol: 'BTC/USDT', last: '65000.00', bid: '64990.00', ask: '65010.00', reference: '65001.00' },
  '/backend/order/addOrder': { orderNo: '42', order },
  '/backend/order/getOrders': [order],
  '/backend/order/getHistoryOrders': [],
  '/backend/order/trade': [],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  void i18n.changeLanguage('en_US');
  fetchMock = vi.fn((url: string) => {
    const path = url.split('?')[0] ?? '';
    return Promise.resolve(jsonResponse(200, { code: 200, data: replies[path], msg: 'SUCCESS' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderTicket() {
  renderWithProviders(
    <TradingProvider coinId={1} name="BTC/USDT">
      <OrderTicket />
    </TradingProvider>,
  );
  return screen.getByRole('form', { name: 'Buy BTC' });
}

const amountOf = (form: HTMLElement) => within(form).getByLabelText('Amount');

describe('OrderTicket', () => {
  it('refuses a buy the quote balance cannot pay for, with the spec text', async () => {
    const buy = renderTicket();
    await within(buy).findByText('1,000.00 USDT');
    await waitFor(() => expect(within(buy).getByLabelText('Price')).toHaveValue('65000.00'));
    fireEvent.change(amountOf(buy), { target: { value: '0.1' } });
    fireEvent.click(within(buy).getByRole('button', { name: 'Buy BTC' }));
    expect(await within(buy).findByText('Buy quantity must not exceed balance')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/backend/order/addOrder'))).toBe(false);
  });

  it('fills the amount from a share of the balance, cut to the pair precision', async () => {
    const buy = renderTicket();
    await within(buy).findByText('1,000.00 USDT');
    await waitFor(() => expect(within(buy).getByLabelText('Price')).toHaveValue('65000.00'));
    // 1000 USDT ÷ 65000 = 0.0153846…, cut at the book's 5 decimals.
    fireEvent.mouseDown(within(buy).getByText('100%'));
    fireEvent.click(within(buy).getByText('100%'));
    await waitFor(() => expect(amountOf(buy)).toHaveValue('0.01538'));
  });

  it('places a limit order with decimal strings and says so', async () => {
    const buy = renderTicket();
    await within(buy).findByText('1,000.00 USDT');
    fireEvent.change(within(buy).getByLabelText('Price'), { target: { value: '60000' } });
    fireEvent.change(amountOf(buy), { target: { value: '0.01' } });
    fireEvent.click(within(buy).getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/backend/order/addOrder'));
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toEqual({ coinId: 1, direction: 'buy', tradeType: 'limit', amount: '0.01', price: '60000' });
  });
});
