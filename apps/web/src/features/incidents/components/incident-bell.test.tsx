import type { Incident, IncidentListResponse } from '@makerdesk/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { HaltedBanner } from './halted-banner';
import { IncidentBell } from './incident-bell';

const admin = { id: 1, account: 'ops@desk.test', role: 'trader', employeeName: 'Ops', mainAccountId: 1, status: 'active' as const, createdAt: 1, lastLoginAt: null };
const incident = (over: Partial<Incident>): Incident => ({ id: 1, level: 'warn', kind: 'monitor_alert', coinId: 1, coinName: 'BTC/USDT', robotId: 4, title: 'BTC/USDT price alert', text: 'The price is above the bound.', createdAt: Date.UTC(2026, 10, 27, 4, 0), readAt: null, ...over });

/** The sockets the bell opened, to push messages as the server would. */
class FakeSocket {
  static OPEN = 1;
  static CONNECTING = 0;
  static opened: FakeSocket[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  sent: unknown[] = [];
  constructor() {
    FakeSocket.opened.push(this);
    setTimeout(() => this.onopen?.(), 0);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/** Answers the list with `lists` in turn (the last one again after), the read call with `{marked, unread}`; records the calls. */
function backend(lists: IncidentListResponse[]) {
  const calls: { url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
      if (url.includes('/incident/read')) return jsonResponse(200, { code: 200, data: { marked: 1, unread: 0 }, msg: 'SUCCESS' });
      const data = lists.length > 1 ? lists.shift()! : lists[0]!;
      return jsonResponse(200, { code: 200, data, msg: 'SUCCESS' });
    }),
  );
  return calls;
}

beforeEach(async () => {
  await i18n.changeLanguage('en_US');
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  act(() => signIn('tok', { admin, apiKey: [] }));
});
afterEach(() => vi.unstubAllGlobals());

describe('IncidentBell', () => {
  it('shows the unread count, lists incidents with level, pair, bot and time, and marks one and all read', async () => {
    const unreadOne = incident({ id: 2, level: 'error', kind: 'bot_stopped', title: 'Bot #4 stopped by failures', text: 'Bot #4 on BTC/USDT stopped itself: 5 ticks failed in a row' });
    const calls = backend([{ items: [unreadOne, incident({ id: 1, readAt: 5 })], unread: 1, halted: [] }]);
    renderWithProviders(<IncidentBell />);
    const bell = await screen.findByRole('button', { name: '1 unread incident' }, { timeout: 8000 });
    expect(calls[0]!.url).toContain('/incident/list?limit=100');
    fireEvent.click(bell);
    const items = await screen.findAllByTestId('incident-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.getAttribute('data-unread')).toBe('true');
    expect(items[1]!.getAttribute('data-unread')).toBe('false');
    expect(items[0]!.textContent).toContain('Error');
    expect(items[0]!.textContent).toContain('BTC/USDT · Bot stopped · Bot #4 · ');
    expect(items[0]!.textContent).toContain('5 ticks failed in a row');
    fireEvent.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/incident/read'))?.body).toEqual({ ids: [2] }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/incident/read')).map((c) => c.body)).toEqual([{ ids: [2] }, {}]));
  });

  it('a new incident pushed live shows a toast and the count is fetched again', async () => {
    backend([{ items: [], unread: 0, halted: [] }, { items: [incident({ id: 7 })], unread: 1, halted: [] }]);
    renderWithProviders(<IncidentBell />);
    await screen.findByRole('button', { name: '0 unread incidents' });
    await waitFor(() => expect(FakeSocket.opened[0]?.sent).toEqual([{ type: 'auth', token: 'tok' }]));
    act(() => {
      FakeSocket.opened[0]!.push({ type: 'ready' });
      FakeSocket.opened[0]!.push({ type: 'incident', coinId: 1, data: incident({ id: 7, title: 'BTC/USDT price alert' }) });
    });
    expect(await screen.findByText('BTC/USDT price alert')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '1 unread incident' })).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await i18n.changeLanguage('zh_CN');
    backend([{ items: [incident({ title: 'BTC/USDT 紧急停止', kind: 'emergency_stop', robotId: null })], unread: 1, halted: [] }]);
    renderWithProviders(<IncidentBell />);
    fireEvent.click(await screen.findByRole('button', { name: '1 条未读事件' }));
    const [item] = await screen.findAllByTestId('incident-item');
    expect(item!.textContent).toContain('警告');
    expect(item!.textContent).toContain('BTC/USDT · 紧急停止 · ');
    expect(screen.getByRole('button', { name: '全部标为已读' })).toBeInTheDocument();
  });

  it('labels the venue-health and refused-key kinds, in both languages', async () => {
    const items = [
      incident({ id: 14, level: 'error', kind: 'key_refused', robotId: null, title: 'Key refused by binance' }),
      incident({ id: 13, level: 'info', kind: 'stream_up', robotId: null, title: 'Live data of BTC/USDT back' }),
      incident({ id: 12, level: 'error', kind: 'stream_down', robotId: null, title: 'Live data of BTC/USDT stopped' }),
      incident({ id: 11, level: 'info', kind: 'venue_up', robotId: null, title: 'Venue binance reachable again' }),
      incident({ id: 10, level: 'error', kind: 'venue_down', robotId: null, title: 'Venue binance unreachable' }),
    ];
    backend([{ items, unread: 5, halted: [] }]);
    const { unmount } = renderWithProviders(<IncidentBell />);
    fireEvent.click(await screen.findByRole('button', { name: '5 unread incidents' }, { timeout: 8000 }));
    const shown = (await screen.findAllByTestId('incident-item')).map((i) => i.textContent ?? '');
    expect(shown.map((text) => /BTC\/USDT · ([^·]+) · /.exec(text)?.[1])).toEqual(['Key refused', 'Live data back', 'Live data stopped', 'Venue back', 'Venue down']);
    unmount();
    await i18n.changeLanguage('zh_CN');
    backend([{ items, unread: 5, halted: [] }]);
    renderWithProviders(<IncidentBell />);
    fireEvent.click(await screen.findByRole('button', { name: '5 条未读事件' }, { timeout: 8000 }));
    const zh = (await screen.findAllByTestId('incident-item')).map((i) => i.textContent ?? '');
    expect(zh.map((text) => /BTC\/USDT · ([^·]+) · /.exec(text)?.[1])).toEqual(['密钥被拒', '行情恢复', '行情中断', '交易所恢复', '交易所故障']);
  });
});

describe('HaltedBanner', () => {
  it('says who halted the pair and what it cancelled, and nothing once it runs again', async () => {
    const halted = { coinId: 1, coinName: 'BTC/USDT', incidentId: 3, by: 'ops@desk.test', at: 1, ordersCancelled: 8, botsStopped: 2, text: 'Halted by ops@desk.test at 2026-11-27 04:00:00 UTC: 8 order(s) cancelled, 2 bot(s) stopped' };
    const calls = backend([{ items: [], unread: 0, halted: [halted] }]);
    const { unmount } = renderWithProviders(<HaltedBanner coinId={1} />);
    const banner = await screen.findByTestId('halted-banner');
    expect(banner.textContent).toContain('BTC/USDT is halted');
    expect(banner.textContent).toContain('8 order(s) cancelled, 2 bot(s) stopped');
    expect(calls[0]!.url).toContain('coinId=1');
    unmount();
    backend([{ items: [], unread: 0, halted: [] }]);
    renderWithProviders(<HaltedBanner coinId={1} />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByTestId('halted-banner')).toBeNull();
  });
});
