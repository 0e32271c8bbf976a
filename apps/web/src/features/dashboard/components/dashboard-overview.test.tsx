import { screen } from '@testing-library/react';
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

  it('shows the 1 h change of the account value from its history, and says when there is none', async () => {
    renderWithProviders(<DashboardOverview coinId={1} name="BTC/USDT" missingKey={null} />);
    expect(await screen.findByText('+0.61%')).toBeInTheDocument();
    expect(await screen.findByText(/^From 228,000\.00 USDT/)).toBeInTheDocument();
    expect(await screen.findByText('No balance history yet')).toBeInTheDocument();
  });
});
