import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TradingProvider } from '@/market-data/components/trading-context';
import { stubPairBackend } from '@/testing/pair-backend';
import { renderWithProviders } from '@/testing/render';
import { OrderBookCard } from './order-book-card';

beforeEach(() => stubPairBackend());
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<TradingProvider coinId={1} name="BTC/USDT"><OrderBookCard /></TradingProvider>);

describe('the reference book', () => {
  it('is labelled "Reference book" with the spec’s name beside it', async () => {
    await i18n.changeLanguage('en_US');
    render();
    const tab = await screen.findByRole('tab', { name: /Reference book/ });
    expect(tab).toHaveTextContent('Reference book (other-side order book)');
    fireEvent.click(tab);
    expect(await screen.findByText(/The reference venue’s book \(the spec’s other-side order book\)/)).toBeInTheDocument();
    expect(screen.queryByText('Other side')).toBeNull();
  });

  it('reads 参考盘口 in Chinese, with 对手盘口 beside it', async () => {
    await i18n.changeLanguage('zh_CN');
    render();
    const tab = await screen.findByRole('tab', { name: /参考盘口/ });
    expect(tab).toHaveTextContent('参考盘口 (对手盘口)');
    await i18n.changeLanguage('en_US');
  });
});
