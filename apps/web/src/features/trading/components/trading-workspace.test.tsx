import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { DashboardOverview } from './dashboard-overview';
import { TradingWorkspace } from './trading-workspace';

const balance = (asset: string, available: string, frozen = '0.00000000') => ({ asset, available, frozen, total: available });
const order = (orderNo: string, price: string, status = 'pending') => ({
  orderNo,
  clientOrderId: null,
  symbol: 'BTC/USDT',
  price,
  amount: '0.01000',
  direction: 'buy',
  tradeType: 'limit',
  filledAmount: '0.00000',
  filledValue: '0',
  status,
  createdAt: 1_795_440_000_000,
  updatedAt: 1_795_440_000_000,
});
const now = Date.now();

const replies: Record<string, unknown> = {
  '/backend/order/orderBook': {
    symbol: 'BTC/USDT',
    bids: [
      ['64990.00', '0.5000'],
      ['64980.00', '1.5000'],
    ],
    asks: [['65010.00', '0.4000']],
    timestamp: 1,
  },
  '/backend/order/orderBookOther': { symbol: 'BTC/USDT', bids: [['64995.00', '0.30000']], asks: [['65005.00', '0.30000']], timestamp: 1 },
  '/backend/order/wallet': { base: balance('BTC', '2.00000000'), quote: balance('USDT', '99400.00000000', '600.00000000'), balances: [balance('ETH', '40.00000000')] },
  '/backend/order/getPrice': { symbol: 'BTC/USDT', last: '65000.00', bid: '64990.00', ask: '65010.00', reference: '65001.00' },
  '/backend/order/tradesList': [{ id: '7', price: '65000.00', amount: '0.00100', side: 'buy', timestamp: now }],
  '/backend/order/getOrders': [order('1', '60000.00')],
  '/backend/order/getHistoryOrders': [order('0', '61000.00', 'canceled')],
  '/backend/order/trade': [],
  '/backend/order/candles': [{ time: now - 600_000, open: '64000.00', high: '65100.00', low: '63900.00', close: '65000.00', volume: '1.20000', quoteVolume: '78000.00' }],
};

/** A socket that never connects: the screens poll. */
class OfflineSocket {
  static OPEN = 1;
  static CONNECTING = 0;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

beforeEach(() => {
  void i18n.changeLanguage('en_US');
  vi.stubGlobal('WebSocket', OfflineSocket);
  localStorage.setItem('makerdesk_token', 'tok');
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(jsonResponse(200, { code: 200, data: replies[url.split('?')[0] ?? ''], msg: 'SUCCESS' }))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('TradingWorkspace', () => {
  it('shows the book with depth, the wallet, open orders, and the chart frame', async () => {
    renderWithProviders(<TradingWorkspace coinId={1} name="BTC/USDT" missingKey={null} />);
    expect(await screen.findByText('Mid 65,000.000')).toBeInTheDocument();
    const asks = document.querySelector('.md-book-side[data-side="asks"]') as HTMLElement;
    expect(within(asks).getByText('65,010.00')).toBeInTheDocument();
    expect(screen.getByText('Spread 20.00 (0.030%)')).toBeInTheDocument();
    expect(await screen.findByText('600.00')).toBeInTheDocument();
    expect(await screen.findByText('60,000.00')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(document.querySelector('iframe[data-chart-frame]')?.getAttribute('src')).toBe('/chart.html?symbol=BTCUSDT&lang=en_US');
  });

  it('puts a clicked book price into the order forms', async () => {
    renderWithProviders(<TradingWorkspace coinId={1} name="BTC/USDT" missingKey={null} />);
    fireEvent.click(await screen.findByText('64,980.00'));
    const buy = screen.getByRole('form', { name: 'Buy BTC' });
    expect(within(buy).getByLabelText('Price')).toHaveValue('64980.00');
    expect(within(screen.getByRole('form', { name: 'Manual match' })).getByLabelText('Limit price')).toHaveValue('64980.00');
  });

  it('previews a batch with the server’s split and checks it against the balance', async () => {
    renderWithProviders(<TradingWorkspace coinId={1} name="BTC/USDT" missingKey={null} />);
    await screen.findByText('Mid 65,000.000');
    fireEvent.click(screen.getByText('Batch orders'));
    const batch = screen.getByRole('form', { name: 'Batch orders' });
    fireEvent.change(within(batch).getByLabelText('Total amount'), { target: { value: '1' } });
    fireEvent.change(within(batch).getByLabelText('Split count'), { target: { value: '3' } });
    fireEvent.change(within(batch).getByLabelText('Min price'), { target: { value: '100' } });
    fireEvent.change(within(batch).getByLabelText('Max price'), { target: { value: '103' } });
    // The pair writes prices with 2 decimals and amounts with 4 (from the book): the server's numbers.
    expect(await screen.findByText('101.50')).toBeInTheDocument();
    expect(screen.getAllByText('0.3333')).toHaveLength(2);
    expect(screen.getByText('0.3334')).toBeInTheDocument();
    expect(screen.getByText('101.50 USDT')).toBeInTheDocument();

    fireEvent.change(within(batch).getByLabelText('Total amount'), { target: { value: '2' } });
    fireEvent.change(within(batch).getByLabelText('Min price'), { target: { value: '60000' } });
    fireEvent.change(within(batch).getByLabelText('Max price'), { target: { value: '61000' } });
    expect(await screen.findByText('Buy quantity must not exceed balance')).toBeInTheDocument();
  });
});

describe('DashboardOverview', () => {
  it('values the balances at the last price and shows margin figures as not applicable', async () => {
    renderWithProviders(<DashboardOverview coinId={1} name="BTC/USDT" missingKey={null} />);
    // 2 BTC × 65000 + 99400 USDT
    expect(await screen.findAllByText('229,400.00')).toHaveLength(2);
    expect(await screen.findByText('1 open order')).toBeInTheDocument();
    expect(screen.getAllByText('Spot account')).toHaveLength(3);
    expect(await screen.findByText('1.2000')).toBeInTheDocument();
  });
});
