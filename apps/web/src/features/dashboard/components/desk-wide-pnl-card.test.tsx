import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubPairBackend } from '@/testing/pair-backend';
import { renderWithProviders } from '@/testing/render';
import { DeskWidePnlCard, quoteDigits } from './desk-wide-pnl-card';

beforeEach(() => {
  void i18n.changeLanguage('en_US');
  stubPairBackend();
});
afterEach(() => vi.unstubAllGlobals());

const rowOf = (card: HTMLElement, text: string | HTMLElement) => (typeof text === 'string' ? within(card).getByText(text) : text).closest('tr')!;

describe('DeskWidePnlCard', () => {
  it('lists each pair with its parts in its quote asset, the totals per quote apart, and a failed pair with its reason', async () => {
    renderWithProviders(<DeskWidePnlCard />);
    const card = screen.getByTestId('desk-wide-pnl');
    expect(within(card).getByText('Desk P&L · all pairs')).toBeInTheDocument();
    const btc = rowOf(card, await within(card).findByText('BTC/USDT'));
    expect(within(btc).getByText('+13.00')).toBeInTheDocument();
    // At a phone's width (jsdom has no breakpoints) the parts read under the pair instead of in their own columns.
    expect(within(btc).getByText('Realised +11.75 · unrealised +2.00 · fees 0.75')).toBeInTheDocument();
    expect(within(card).queryByText('vs holding')).toBeNull();
    expect(within(btc).getByText('1 fee in another asset has no price: not counted')).toBeInTheDocument();
    // The BTC-quoted pair at its own decimals, with a loss in the loss colour.
    const ethBtc = rowOf(card, 'ETH/BTC');
    expect(within(ethBtc).getByText('-0.0004').className).toContain('md-price-sell');
    // The failed pair: no figures, its reason.
    const eth = rowOf(card, 'ETH/USDT');
    expect(within(eth).getByText('Unavailable: The system is busy, please try again later')).toBeInTheDocument();
    expect(within(eth).queryByText(/\d/, { selector: '.md-num' })).toBeNull();
    // One total per quote asset, each named with its asset and how many pairs are in it.
    const usdt = rowOf(card, 'Desk total · USDT (2 pairs)');
    expect(within(usdt).getByText('+10.50')).toBeInTheDocument();
    expect(within(usdt).getByText('1 pair unavailable: not in this total')).toBeInTheDocument();
    const btcTotal = rowOf(card, 'Desk total · BTC (1 pair)');
    expect(within(btcTotal).getAllByText('-0.0004').length).toBeGreaterThan(0);
    expect(within(card).getByText(/never summed together/)).toBeInTheDocument();
  });

  it('switches the window and asks the server for it', async () => {
    renderWithProviders(<DeskWidePnlCard />);
    const card = screen.getByTestId('desk-wide-pnl');
    await within(card).findByText('BTC/USDT');
    fireEvent.click(within(card).getByText('7 days'));
    const fetchMock = vi.mocked(globalThis.fetch);
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/backend/desk/pnlAll?window=7d'))).toBe(true));
  });

  it('reads in Chinese', async () => {
    await i18n.changeLanguage('zh_CN');
    renderWithProviders(<DeskWidePnlCard />);
    const card = screen.getByTestId('desk-wide-pnl');
    expect(within(card).getByText('做市盈亏 · 全部交易对')).toBeInTheDocument();
    expect(await within(card).findByText('做市合计 · USDT（2 个交易对）')).toBeInTheDocument();
    expect(within(card).getByText('1 个交易对暂不可用：未计入此合计')).toBeInTheDocument();
    expect(within(card).getByText('自开始')).toBeInTheDocument();
  });
});

describe('quoteDigits', () => {
  it('shows each quote at the decimals its realised P&L and fees are written with, between 2 and 8', () => {
    const row = (quote: string, realised: string | null, fees: string | null) => ({ coinId: 1, coinName: `X/${quote}`, quote, total: null, realised, unrealised: null, fees, vsHold: null, unvaluedFees: 0, unavailable: null });
    const digits = quoteDigits([row('USDT', '10', '0.75'), row('USDT', '1.5', '0.0101'), row('BTC', '0.000000000001', '0'), row('EUR', null, null)]);
    expect(Object.fromEntries(digits)).toEqual({ USDT: 4, BTC: 8, EUR: 2 });
  });
});
