import type { LiquiditySummary } from '@makerdesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TradingProvider } from '@/market-data/components/trading-context';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { LiquidityScreen } from './liquidity-screen';

// jsdom has no canvas for lightweight-charts (the charts are drawn in e2e/liquidity.e2e.ts).
vi.mock('@/components/time-chart', () => ({ TimeChart: () => null }));

const summary = (samples: number): LiquiditySummary => ({
  samples,
  spreadBps: { p50: samples ? '10' : null, p95: samples ? '12' : null },
  depth: { withinPct: '2', bidQuote: '1000', askQuote: '1000', ownBidQuote: '0', ownAskQuote: '0' },
  uptimePct: null,
  ownShareOfDepthPct: null,
  ownShareOfVolumePct: null,
  orderToTrade: null,
  breaches: [],
});

/**
 * The server's answers; the liquidity reads wait for `release` (the first samples not yet read), the
 * rest answer at once.
 */
function stubServer(samples: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      asked.push(path);
      const reply = (data: unknown) => jsonResponse(200, { code: 200, data, msg: 'SUCCESS' });
      if (path === '/backend/liquidity/obligation') return reply(null);
      if (path === '/backend/liquidity/summary') return released.then(() => reply(summary(samples)));
      if (path === '/backend/liquidity/report') return released.then(() => reply({ obligation: null, summary: summary(samples), verdict: null, unit: 'hour', rows: [] }));
      return jsonResponse(200, { code: 200, data: { symbol: 'BTC/USDT', bids: [], asks: [], timestamp: 1 }, msg: 'SUCCESS' });
    }),
  );
  return { release, asked };
}

const render = () =>
  renderWithProviders(
    <TradingProvider coinId={1} name="BTC/USDT">
      <LiquidityScreen />
    </TradingProvider>,
  );

beforeEach(() => i18n.changeLanguage('en_US'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LiquidityScreen', () => {
  it('shows no history (nor its Report button) before the samples are read, then the empty state when there are none', async () => {
    const { release, asked } = stubServer(0);
    render();
    // The obligation answered; the samples not yet: neither figures nor a Report button to follow.
    await waitFor(() => expect(asked).toContain('/backend/liquidity/obligation'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    release();
    expect(await screen.findByText('No samples yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('shows the history with its Report button once samples are read', async () => {
    const { release } = stubServer(120);
    render();
    release();
    expect(await screen.findByRole('button', { name: /Report/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('No samples yet')).toBeNull();
  });
});
