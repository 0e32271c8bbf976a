import type { LiquiditySummary } from '@makerdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { LiquidityReport } from './liquidity-report';

// jsdom has no canvas for lightweight-charts: the charts stand in as their titles and legends (the
// series they draw are tested in chart-series.test.ts, the drawn charts in e2e/liquidity.e2e.ts).
vi.mock('@/components/time-chart', () => ({
  TimeChart: ({ title, lines }: { title: string; lines: { key: string; label: string; latest: string | null }[] }) => (
    <section data-testid="time-chart" aria-label={title}>
      {lines.map((l) => `${l.label} ${l.latest ?? ''}`).join(' · ')}
    </section>
  ),
}));

const T0 = Date.UTC(2026, 10, 27, 8);
const HOUR = 3_600_000;
const obligation = { coinId: 3, maxSpreadBps: '25', depthWithinPct: '2' as const, minDepthQuote: '250000', minUptimePct: '90', period: 'day' as const, updatedAt: 1 };

function summary(over: Partial<LiquiditySummary>): LiquiditySummary {
  return {
    samples: 7200,
    spreadBps: { p50: '12.5', p95: '30' },
    depth: { withinPct: '2', bidQuote: '400000', askQuote: '600000', ownBidQuote: '300000', ownAskQuote: '200000' },
    uptimePct: '75',
    ownShareOfDepthPct: '50',
    ownShareOfVolumePct: '2.5',
    orderToTrade: '6.25',
    breaches: [{ from: T0 + HOUR + 15 * 60_000, to: T0 + HOUR + 45 * 60_000, kind: 'depth' }],
    ...over,
  };
}

/** Answers by URL: the obligation, and the report (the whole range's summary, its verdict, each hour's). */
function stubServer(obligationData: typeof obligation | null) {
  const calls: string[] = [];
  const fetchMock = vi.fn((url: string) => {
    calls.push(url);
    const u = new URL(url, 'http://x');
    const data =
      u.pathname === '/backend/liquidity/obligation'
        ? obligationData
        : {
            obligation: obligationData,
            summary: summary({}),
            verdict: obligationData && { met: false, uptime: false, spread: true, ownBidDepth: true, ownAskDepth: false },
            unit: 'hour',
            rows: [
              { start: T0, from: T0, to: T0 + HOUR, minutes: 60, summary: summary({ samples: 3600, uptimePct: '100', breaches: [] }) },
              { start: T0 + HOUR, from: T0 + HOUR, to: T0 + 2 * HOUR, minutes: 60, summary: summary({ samples: 3600, uptimePct: '50', spreadBps: { p50: '20', p95: null } }) },
            ],
          };
    return Promise.resolve(jsonResponse(200, { code: 200, data, msg: 'SUCCESS' }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const props = { coinId: 3, pair: 'BTC/USDT', quote: 'USDT', digits: 2, range: { from: T0, to: T0 + 2 * HOUR }, now: T0 + 5 * HOUR, onRange: () => {} };

beforeEach(() => i18n.changeLanguage('en_US'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LiquidityReport', () => {
  it('judges the period against the obligation with the summary’s figures, hour by hour, with the breaches', async () => {
    const calls = stubServer(obligation);
    renderWithProviders(<LiquidityReport {...props} />);
    expect(await screen.findByText('Obligation not met: two-sided uptime 75 % against a minimum of 90 %.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('BTC/USDT · 2026-11-27 08:00 to 2026-11-27 10:00 UTC')).toBeInTheDocument();

    const verdict = within(screen.getByTestId('liquidity-report-verdict'));
    const uptimeRow = verdict.getByText('Two-sided uptime').closest('tr')!;
    expect(within(uptimeRow).getByText('≥ 90 %')).toBeInTheDocument();
    expect(within(uptimeRow).getByText('75 %')).toBeInTheDocument();
    expect(within(uptimeRow).getByText('Not met')).toBeInTheDocument();
    const spreadRow = verdict.getByText('Spread (median)').closest('tr')!;
    expect(within(spreadRow).getByText('Met')).toBeInTheDocument();
    const askRow = verdict.getByText('Own ask depth within 2 % (mean)').closest('tr')!;
    expect(within(askRow).getByText('200,000.00 USDT')).toBeInTheDocument();
    expect(within(askRow).getByText('Not met')).toBeInTheDocument();

    const table = within(await screen.findByTestId('liquidity-report-table'));
    await waitFor(() => expect(table.getByText('100')).toBeInTheDocument());
    const second = table.getByText('2026-11-27 09:00').closest('tr')!;
    expect([...second.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '2026-11-27 09:00',
      '3,600',
      '20.0 / —',
      '400,000.00',
      '600,000.00',
      '300,000.00',
      '200,000.00',
      '50',
      '50',
      '2.5',
      '6.25',
      '1',
    ]);

    const breaches = within(screen.getByTestId('liquidity-report-breaches'));
    expect(breaches.getByText('2026-11-27 09:15')).toBeInTheDocument();
    expect(breaches.getByText('30 min')).toBeInTheDocument();
    expect(breaches.getByText('Own depth short')).toBeInTheDocument();

    // The charts of the hours: spread, depth and uptime against the obligation.
    expect(screen.getAllByTestId('time-chart').map((c) => c.getAttribute('aria-label'))).toEqual(['Spread, per hour (UTC)', 'Depth within 2 %, per hour (UTC) (mean)', 'Uptime, per hour (UTC) (red: a breach in it)']);
    expect(screen.getByLabelText('Spread, per hour (UTC)').textContent).toContain('cap 25 bps');

    // One call answers the page: the report carries the obligation, the period and each hour.
    expect(calls).toEqual([`/backend/liquidity/report?coinId=3&from=${T0}&to=${T0 + 2 * HOUR}`]);
  });

  it('without a range in the link reads the obligation for its period, then the report of that period', async () => {
    const calls = stubServer(obligation);
    renderWithProviders(<LiquidityReport {...props} range={null} />);
    await screen.findByTestId('liquidity-report-verdict', {}, { timeout: 5000 });
    const day = Date.UTC(2026, 10, 27);
    expect(calls).toEqual(['/backend/liquidity/obligation?coinId=3', `/backend/liquidity/report?coinId=3&from=${day}&to=${day + 24 * HOUR}`]);
  });

  it('downloads the CSV of the same range through the file helper', async () => {
    const calls = stubServer(obligation);
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithProviders(<LiquidityReport {...props} />);
    await screen.findByTestId('liquidity-report-verdict');
    vi.mocked(fetch).mockImplementationOnce((url) => {
      calls.push(String(url));
      return Promise.resolve(new Response('# report\r\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="liquidity_BTC-USDT.csv"' } }));
    });
    fireEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.at(-1)).toBe(`/backend/liquidity/report.csv?coinId=3&from=${T0}&to=${T0 + 2 * HOUR}`);
    expect(created).toHaveBeenCalledTimes(1);
    expect(names).toEqual(['liquidity_BTC-USDT.csv']);
  });

  it('says so when the pair has no obligation, and reads in Chinese', async () => {
    stubServer(null);
    await i18n.changeLanguage('zh_CN');
    renderWithProviders(<LiquidityReport {...props} />);
    expect(await screen.findByText('此交易对未设置义务：以下数据仅为测量结果，不作判定。')).toBeInTheDocument();
    expect(await screen.findByText('本期数据')).toBeInTheDocument();
    expect(screen.queryByTestId('liquidity-report-verdict')).toBeNull();
  });

  it('says what the figures are measured against: the depth means, and the current terms applied before they were set', async () => {
    stubServer({ ...obligation, updatedAt: T0 + 30 * 60_000 });
    renderWithProviders(<LiquidityReport {...props} />);
    const notes = within(await screen.findByTestId('liquidity-figure-notes', {}, { timeout: 5000 }));
    expect(notes.getByText(/the own depth over every second of the range/)).toBeInTheDocument();
    expect(notes.getByText('Uptime and breaches are measured against the current terms, also over the time before they were set (2026-11-27 08:30 UTC).')).toBeInTheDocument();
  });

  it('terms set before the range: no such note', async () => {
    stubServer({ ...obligation, updatedAt: T0 - 1 });
    renderWithProviders(<LiquidityReport {...props} />);
    const notes = within(await screen.findByTestId('liquidity-figure-notes', {}, { timeout: 5000 }));
    expect(notes.getByText(/the own depth over every second of the range/)).toBeInTheDocument();
    expect(notes.queryByText(/before they were set/)).toBeNull();
  });

  it('shows the share of traded volume and the order-to-trade ratio of the period and of each hour', async () => {
    stubServer(obligation);
    renderWithProviders(<LiquidityReport {...props} />);
    const figures = within(await screen.findByTestId('liquidity-report-figures', {}, { timeout: 5000 }));
    expect(within(figures.getByText('Own share of traded volume').closest('tr')!).getByText('2.5 %')).toBeInTheDocument();
    expect(within(figures.getByText('Order-to-trade (orders placed per fill)').closest('tr')!).getByText('6.25')).toBeInTheDocument();
    const table = within(screen.getByTestId('liquidity-report-table'));
    expect(table.getAllByText('Volume share %').length).toBeGreaterThan(0);
    const hour = table.getByText('2026-11-27 08:00').closest('tr')!;
    expect([...hour.querySelectorAll('td')].map((td) => td.textContent).slice(-3)).toEqual(['2.5', '6.25', '0']);
  });
});
