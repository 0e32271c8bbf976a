import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubPairBackend } from '@/testing/pair-backend';
import { renderWithProviders } from '@/testing/render';
import { DashboardOverview } from './dashboard-overview';

beforeEach(() => {
  void i18n.changeLanguage('en_US');
  stubPairBackend();
});
afterEach(() => vi.unstubAllGlobals());

describe('DashboardOverview', () => {
  it('values the balances at the last price and shows margin figures as not applicable', async () => {
    renderWithProviders(<DashboardOverview coinId={1} name="BTC/USDT" missingKey={null} />);
    // 2 BTC × 65000 + 99400 USDT
    expect(await screen.findAllByText('229,400.00')).toHaveLength(2);
    expect(await screen.findByText('1 open order')).toBeInTheDocument();
    expect(screen.getAllByText('Spot account')).toHaveLength(3);
    // the market's 24 h volume under the account's own
    expect(await screen.findByText('0.5000')).toBeInTheDocument();
    expect(await screen.findByText('Market: 1.2000 BTC')).toBeInTheDocument();
  });

  it('24H volume and total volume come from the same source: the day never reads above the total', async () => {
    // Regression: the total summed the venue's latest fills (polled apart from the 24 h figure), so it could read below or above it.
    renderWithProviders(<DashboardOverview coinId={1} name="BTC/USDT" missingKey={null} />);
    const total = await screen.findByText('0.7500');
    expect(total.closest('[data-figure="total-volume"]')).not.toBeNull();
    expect(screen.getByText('From 5 fills')).toBeInTheDocument();
  });

  it('shows the desk P&L of the last hour and today where the value changes were, and the desk P&L card with its parts and sources', async () => {
    renderWithProviders(<DashboardOverview coinId={1} name="BTC/USDT" missingKey={null} />);
    expect(await screen.findByText('P&L · last hour')).toBeInTheDocument();
    expect(screen.getByText('P&L · today (UTC)')).toBeInTheDocument();
    expect(screen.queryByText('1H change')).not.toBeInTheDocument();
    // The two stat cards (the desk-wide card's narrow rows read the same words for the pair).
    const parts = await screen.findAllByText('Realised +11.75 · unrealised +2.00 · fees 0.75');
    expect(parts.filter((el) => !el.closest('[data-testid="desk-wide-pnl"]'))).toHaveLength(2);
    const card = screen.getByTestId('desk-pnl');
    expect(within(card).getByText('Desk P&L · BTC/USDT')).toBeInTheDocument();
    expect(within(card).getByText('= realised + unrealised − fees')).toBeInTheDocument();
    expect(within(card).getByText('Bot #3 Far ladder')).toBeInTheDocument();
    expect(within(card).getByText('Manual (console and other clients)')).toBeInTheDocument();
    expect(within(card).getByText('1 fee in another asset has no price: not counted')).toBeInTheDocument();
    const deskRow = within(card).getByText('Desk total').closest('tr')!;
    expect(within(deskRow).getByText('+13.00')).toBeInTheDocument();
  });
});
