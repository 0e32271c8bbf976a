import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ObligationPanel } from './obligation-panel';

const admin = (mainAccountId: number) => ({ id: 5, account: 'x@desk.test', role: 'trader', employeeName: 'X', mainAccountId, status: 'active' as const, createdAt: 1, lastLoginAt: null });
const obligation = { coinId: 3, maxSpreadBps: '25', depthWithinPct: '2' as const, minDepthQuote: '250000', minUptimePct: '90', period: 'month' as const, updatedAt: 1 };

beforeEach(() => i18n.changeLanguage('en_US'));
afterEach(() => vi.unstubAllGlobals());

describe('ObligationPanel', () => {
  it('shows a restricted account the obligation read-only', async () => {
    act(() => signIn('tok', { admin: admin(2), apiKey: [] }));
    renderWithProviders(<ObligationPanel coinId={3} quote="USDT" obligation={obligation} />);
    expect(await screen.findByText('Only the main account can change the obligation.')).toBeInTheDocument();
    expect(screen.getByText('25 bps')).toBeInTheDocument();
    expect(screen.getByText('Month (UTC)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save obligation' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('tells a restricted account who sets a missing obligation', async () => {
    act(() => signIn('tok', { admin: admin(2), apiKey: [] }));
    renderWithProviders(<ObligationPanel coinId={3} quote="USDT" obligation={null} />);
    expect(await screen.findByText('No obligation set for this pair. The main account sets it.')).toBeInTheDocument();
  });

  it('lets the main account save the terms, checked against the contract’s bounds first', async () => {
    act(() => signIn('tok', { admin: admin(1), apiKey: [] }));
    const fetchMock = mockFetch(jsonResponse(200, { code: 200, data: { ...obligation, maxSpreadBps: '12.5' }, msg: 'SUCCESS' }));
    renderWithProviders(<ObligationPanel coinId={3} quote="USDT" obligation={obligation} />);
    const spread = await screen.findByLabelText('Maximum spread');
    fireEvent.change(spread, { target: { value: '12.55' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save obligation' }));
    // The form validates asynchronously; a loaded machine takes more than findByText's default second.
    expect(await screen.findByText('A spread cap of 1 to 1000 bps, one decimal at most', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(spread, { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save obligation' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 10_000 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/backend/liquidity/obligation');
    expect((init as RequestInit).method).toBe('PUT');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ coinId: 3, maxSpreadBps: '12.5', depthWithinPct: '2', minDepthQuote: '250000', minUptimePct: '90', period: 'month', fromHourUtc: 0, toHourUtc: 24 });
  });

  it('sets the hours of the UTC day it applies, the end after the start, and shows them read-only', async () => {
    act(() => signIn('tok', { admin: admin(1), apiKey: [] }));
    const fetchMock = mockFetch(jsonResponse(200, { code: 200, data: { ...obligation, fromHourUtc: 8, toHourUtc: 20 }, msg: 'SUCCESS' }));
    const { unmount } = renderWithProviders(<ObligationPanel coinId={3} quote="USDT" obligation={{ ...obligation, fromHourUtc: 20, toHourUtc: 8 }} />);
    await screen.findByLabelText('Maximum spread');
    fireEvent.click(screen.getByRole('button', { name: 'Save obligation' }));
    expect(await screen.findByText('The end hour must come after the start hour', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
    act(() => signIn('tok', { admin: admin(2), apiKey: [] }));
    renderWithProviders(<ObligationPanel coinId={3} quote="USDT" obligation={{ ...obligation, fromHourUtc: 8, toHourUtc: 20 }} />);
    expect(await screen.findByText('08:00–20:00 UTC')).toBeInTheDocument();
  });
});
