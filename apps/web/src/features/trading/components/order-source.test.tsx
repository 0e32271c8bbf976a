import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubPairBackend } from '@/testing/pair-backend';
import { renderWithProviders } from '@/testing/render';
import { TradingWorkspace } from './trading-workspace';

const LADDER = { kind: 'bot', robotId: 5, robotName: 'Ladder A' };
const MANUAL = { kind: 'manual', robotId: null, robotName: null };
const OTHER = { kind: 'other', robotId: null, robotName: null };
const order = (orderNo: string, source: unknown, direction: 'buy' | 'sell', price: string, amount: string) => ({
  orderNo,
  clientOrderId: null,
  source,
  symbol: 'BTC/USDT',
  price,
  amount,
  direction,
  tradeType: 'limit',
  filledAmount: '0.0000',
  filledValue: '0',
  status: 'pending',
  createdAt: 1_795_440_000_000 + Number(orderNo),
  updatedAt: 1_795_440_000_000,
});
const open = [
  order('11', LADDER, 'buy', '64980.00', '0.2000'),
  order('12', LADDER, 'buy', '64990.00', '0.1000'),
  order('13', MANUAL, 'buy', '64980', '0.3000'),
  order('14', OTHER, 'sell', '65500.00', '0.0500'),
];

beforeEach(() => {
  void i18n.changeLanguage('en_US');
  stubPairBackend({ '/backend/order/getOrders': open });
});
afterEach(() => vi.unstubAllGlobals());

const openTable = () => document.querySelector('.md-orders-panel') as HTMLElement;

describe('whose order is whose in the work panel', () => {
  it('shows each open order’s source: the bot by name, Manual, Other', async () => {
    renderWithProviders(<TradingWorkspace coinId={1} name="BTC/USDT" missingKey={null} />);
    const panel = openTable();
    await waitFor(() => expect(within(panel).getAllByText('Ladder A')).toHaveLength(2));
    expect(within(panel).getByText('Manual')).toBeInTheDocument();
    expect(within(panel).getByText('Other')).toBeInTheDocument();
  });

  it('filters by source and groups by source with subtotals', async () => {
    renderWithProviders(<TradingWorkspace coinId={1} name="BTC/USDT" missingKey={null} />);
    const panel = openTable();
    await waitFor(() => expect(within(panel).getAllByText('Ladder A')).toHaveLength(2));

    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Filter by source' }));
    fireEvent.click(await screen.findByTitle('Manual', { exact: true }));
    await waitFor(() => expect(within(panel).queryAllByText('Ladder A')).toHaveLength(0));
    expect(within(panel).getByText('64,980.00')).toBeInTheDocument();
    expect(panel.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(1);

    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Filter by source' }));
    fireEvent.click(await screen.findByTitle('All sources'));
    fireEvent.click(within(panel).getByRole('switch', { name: 'Group by source' }));
    const groups = panel.querySelector('.md-source-groups') as HTMLElement;
    const rows = [...groups.querySelectorAll('tbody tr.ant-table-row')].map((r) => [...r.querySelectorAll('td')].slice(1).map((c) => c.textContent));
    // Source, orders, amount (BTC), value (USDT): exact sums of the rows.
    expect(rows).toEqual([
      ['Ladder A', '2', '0.3000', '19,495.00'],
      ['Manual', '1', '0.3000', '19,494.00'],
      ['Other', '1', '0.0500', '3,275.00'],
    ]);
    expect(groups.querySelector('.md-source-groups-total')?.textContent).toContain('0.6500');
  });

  it('marks the desk’s own levels in the book, and says how much is its own and whose', async () => {
    renderWithProviders(<TradingWorkspace coinId={1} name="BTC/USDT" missingKey={null} />);
    await screen.findByText('Mid 65,000.000');
    const bids = document.querySelector('.md-book-side[data-side="bids"]') as HTMLElement;
    await waitFor(() => expect(bids.querySelectorAll('[data-own]')).toHaveLength(2));
    const mixed = within(bids).getByText('64,980.00').closest('button') as HTMLElement;
    expect(mixed.dataset.own).toBe('mixed');
    expect(within(bids).getByText('64,990.00').closest('button')?.dataset.own).toBe('bot');
    // The ask at 65,010 is not the desk's (its own sell rests at 65,500, outside the book).
    const asks = document.querySelector('.md-book-side[data-side="asks"]') as HTMLElement;
    expect(asks.querySelectorAll('[data-own]')).toHaveLength(0);
    fireEvent.mouseEnter(mixed);
    expect(await screen.findByText('0.5000 BTC of 1.5000 BTC at this level')).toBeInTheDocument();
    expect(screen.getByText('Ladder A · Manual')).toBeInTheDocument();
  });

  it('draws the depth chart with the own levels marked', async () => {
    renderWithProviders(<TradingWorkspace coinId={1} name="BTC/USDT" missingKey={null} />);
    const chart = await screen.findByTestId('depth-chart');
    expect(within(chart).getByRole('img', { name: 'Depth chart: cumulative bids and asks of BTC/USDT' })).toBeInTheDocument();
    await waitFor(() => expect(chart.querySelectorAll('circle.md-depth-own')).toHaveLength(1));
    expect(chart.querySelector('path[data-side="bids"]')?.getAttribute('d')).toMatch(/^M/);
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh_CN');
    renderWithProviders(<TradingWorkspace coinId={1} name="BTC/USDT" missingKey={null} />);
    const panel = openTable();
    expect(await within(panel).findByText('手动')).toBeInTheDocument();
    expect(within(panel).getByText('其他')).toBeInTheDocument();
    expect(within(panel).getByText('按来源分组')).toBeInTheDocument();
  });
});
