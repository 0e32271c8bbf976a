import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubPairBackend } from '@/testing/pair-backend';
import { renderWithProviders } from '@/testing/render';
import { TradingWorkspace } from './trading-workspace';

beforeEach(() => {
  void i18n.changeLanguage('en_US');
  stubPairBackend();
});
afterEach(() => vi.unstubAllGlobals());

describe('TradingWorkspace', () => {
  it('shows the book with depth, the wallet, open orders, and the chart frame', async () => {
    renderWithProviders(<TradingWorkspace coinId={1} name="BTC/USDT" missingKey={null} />);
    expect(await screen.findByText('Mid 65,000.000')).toBeInTheDocument();
    const asks = document.querySelector('.md-book-side[data-side="asks"]') as HTMLElement;
    expect(within(asks).getByText('65,010.00')).toBeInTheDocument();
    expect(screen.getByText('Spread 20.00 USDT (3 bps)')).toBeInTheDocument();
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
