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

  it('a price beyond the band asks a second time naming distance and notional with size, notional and balance; only then sends confirmDeviation', async () => {
    const refusal = "The price 70,000.00 USDT is 7.68% from the opposite best 65,010.00 USDT, beyond this pair's band of 5.00%; the order is worth 700.00 USDT. Confirm to place it anyway";
    let adds = 0;
    fetchMock.mockImplementation((url: string) => {
      const path = url.split('?')[0] ?? '';
      if (path === '/backend/order/addOrder' && adds++ === 0) return Promise.resolve(jsonResponse(409, { code: 409, data: { code: 1030080 }, msg: refusal }));
      return Promise.resolve(jsonResponse(200, { code: 200, data: replies[path], msg: 'SUCCESS' }));
    });
    const buy = renderTicket();
    await within(buy).findByText('1,000.00 USDT');
    fireEvent.change(within(buy).getByLabelText('Price'), { target: { value: '70000' } });
    fireEvent.change(amountOf(buy), { target: { value: '0.01' } });
    fireEvent.click(within(buy).getByRole('button', { name: 'Buy BTC' }));
    const dialog = await screen.findByTestId('guard-confirm', {}, { timeout: 5000 });
    expect(screen.getAllByText('Price far from the market: place it anyway?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByText('0.01000 BTC')).toBeInTheDocument();
    expect(within(dialog).getByText('700.00 USDT')).toBeInTheDocument();
    expect(within(dialog).getByText('1,000.00 USDT')).toBeInTheDocument();
    // No toast for the refusal: the dialog says it.
    expect(screen.queryByText('Order placed successfully')).toBeNull();
    const bodies = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/backend/order/addOrder')).map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
    expect(bodies()).toEqual([{ coinId: 1, direction: 'buy', tradeType: 'limit', amount: '0.01', price: '70000' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, place this buy' }));
    expect(await screen.findByText('Order placed successfully', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(bodies()[1]).toEqual({ coinId: 1, direction: 'buy', tradeType: 'limit', amount: '0.01', price: '70000', confirmDeviation: true });
  });

  it('cancelling the second confirmation sends nothing more', async () => {
    fetchMock.mockImplementation((url: string) => {
      const path = url.split('?')[0] ?? '';
      if (path === '/backend/order/addOrder') return Promise.resolve(jsonResponse(409, { code: 409, data: { code: 1030080 }, msg: 'beyond the band' }));
      return Promise.resolve(jsonResponse(200, { code: 200, data: replies[path], msg: 'SUCCESS' }));
    });
    const buy = renderTicket();
    await within(buy).findByText('1,000.00 USDT');
    fireEvent.change(within(buy).getByLabelText('Price'), { target: { value: '70000' } });
    fireEvent.change(amountOf(buy), { target: { value: '0.01' } });
    fireEvent.click(within(buy).getByRole('button', { name: 'Buy BTC' }));
    await screen.findByTestId('guard-confirm');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('guard-confirm')).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/backend/order/addOrder'))).toHaveLength(1);
  });

  it('an amount below the pair minimum says so with the minimum and unit, zero included', async () => {
    replies['/backend/order/getPrice'] = { ...(replies['/backend/order/getPrice'] as object), minAmount: '0.00001000' };
    const buy = renderTicket();
    await within(buy).findByText('1,000.00 USDT');
    await waitFor(() => expect(within(buy).getByLabelText('Price')).toHaveValue('65000.00'));
    for (const value of ['0.000001', '0']) {
      fireEvent.change(amountOf(buy), { target: { value } });
      fireEvent.click(within(buy).getByRole('button', { name: 'Buy BTC' }));
      expect(await within(buy).findByText('Below the minimum amount 0.00001 BTC', {}, { timeout: 5000 })).toBeInTheDocument();
    }
    expect(within(buy).queryByText('Please enter a valid value above 0')).toBeNull();
    await i18n.changeLanguage('zh_CN');
    const zhBuy = screen.getByRole('form', { name: '买入 BTC' });
    fireEvent.change(within(zhBuy).getByLabelText('数量'), { target: { value: '0.000002' } });
    fireEvent.click(within(zhBuy).getByRole('button', { name: '买入 BTC' }));
    expect(await screen.findByText('低于最小下单量 0.00001 BTC', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
