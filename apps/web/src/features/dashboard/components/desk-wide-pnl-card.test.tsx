import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubPairBackend } from '@/testing/pair-backend';
import { renderWithProviders } from '@/testing/render';
import { DeskWidePnlCard, deskDigits } from './desk-wide-pnl-card';

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
    expect(within(btc).getByText('Realised +11.75 USDT · unrealised +2.00 USDT · fees 0.75 USDT')).toBeInTheDocument();
    // Every figure with its unit under it.
    expect(within(btc).getAllByText('USDT', { selector: '.md-desk-unit' }).length).toBeGreaterThan(0);
    expect(within(card).queryByText('vs holding')).toBeNull();
    expect(within(btc).getByText('1 fee in another asset has no price: not counted')).toBeInTheDocument();
    // The BTC-quoted pair at its own decimals, with a loss in the loss colour.
    const ethBtc = rowOf(card, 'ETH/BTC');
    expect(within(ethBtc).getByText('-0.000400').className).toContain('md-price-sell');
    expect(within(ethBtc).getAllByText('BTC', { selector: '.md-desk-unit' }).length).toBeGreaterThan(0);
    // Each pair at its own price precision: SOL/USDT at 3 decimals beside BTC/USDT at 2.
    expect(within(rowOf(card, 'SOL/USDT')).getByText('-2.500')).toBeInTheDocument();
    // The failed pair: no figures, its reason.
    const eth = rowOf(card, 'ETH/USDT');
    expect(within(eth).getByText('Unavailable: The system is busy, please try again later')).toBeInTheDocument();
    expect(within(eth).queryByText(/\d/, { selector: '.md-num' })).toBeNull();
    // One total per quote asset, each named with its asset and how many pairs are in it.
    const usdt = rowOf(card, 'Desk total · USDT (2 pairs)');
    // A quote's total at the finest precision among its pairs (SOL/USDT's 3).
    expect(within(usdt).getByText('+10.500')).toBeInTheDocument();
    expect(within(usdt).getByText('1 pair unavailable: not in this total')).toBeInTheDocument();
    const btcTotal = rowOf(card, 'Desk total · BTC (1 pair)');
    expect(within(btcTotal).getAllByText('-0.000400').length).toBeGreaterThan(0);
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

describe('deskDigits', () => {
  const row = (coinId: number, quote: string, pricePrecision: number | null, realised: string | null = null, fees: string | null = null) => ({ coinId, coinName: `X${coinId}/${quote}`, quote, pricePrecision, total: null, realised, unrealised: null, fees, vsHold: null, unvaluedFees: 0, unavailable: null });

  it("shows each pair at its price precision (2 to 8), a quote's total at the finest of its pairs", () => {
    const digits = deskDigits([row(1, 'USDT', 2), row(2, 'USDT', 4), row(3, 'BTC', 10), row(4, 'EUR', 0)]);
    expect(Object.fromEntries(digits.pair)).toEqual({ 1: 2, 2: 4, 3: 8, 4: 2 });
    expect(Object.fromEntries(digits.quote)).toEqual({ USDT: 4, BTC: 8, EUR: 2 });
  });

  it('without a venue precision, at the decimals the realised P&L and fees are written with', () => {
    const digits = deskDigits([row(1, 'USDT', null, '10', '0.75'), row(2, 'USDT', null, '1.5', '0.0101'), row(3, 'EUR', null)]);
    expect(Object.fromEntries(digits.pair)).toEqual({ 1: 2, 2: 4, 3: 2 });
  });

  it('writes a large figure with thousands separators and its unit', async () => {
    stubPairBackend({
      '/backend/desk/pnlAll': {
        window: 'today',
        from: 0,
        to: 1,
        pairs: [{ ...row(1, 'USDT', 2, '1234567.891', '12.5'), coinName: 'BTC/USDT', total: '1234555.391', unrealised: '0', vsHold: '0' }],
        totals: [{ quote: 'USDT', total: '1234555.391', realised: '1234567.891', unrealised: '0', fees: '12.5', vsHold: '0', pairs: 1, unavailablePairs: 0 }],
      },
    });
    renderWithProviders(<DeskWidePnlCard />);
    const card = screen.getByTestId('desk-wide-pnl');
    const btc = rowOf(card, await within(card).findByText('BTC/USDT'));
    expect(within(btc).getByText('+1,234,555.39')).toBeInTheDocument();
    expect(within(btc).getByText('Realised +1,234,567.89 USDT · unrealised 0.00 USDT · fees 12.50 USDT')).toBeInTheDocument();
  });
});
