import { endpoints, type DeskPnlAll, type DeskPnlWindow } from '@makerdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';

/** The desk's P&L across its pairs for a window (DESK.md): each pair it trades and totals per quote asset. */
export function getDeskPnlAll(window: DeskPnlWindow): Promise<DeskPnlAll> {
  return call(endpoints.deskPnlAll, { query: { window } });
}

export const deskPnlAllQueryKey = (window: DeskPnlWindow) => ['desk-pnl-all', window] as const;

/** Every pair reads its venue: every 30 s, the previous window's figures kept while a switch loads. */
export function useDeskPnlAll(window: DeskPnlWindow) {
  return useQuery({ queryKey: deskPnlAllQueryKey(window), queryFn: () => getDeskPnlAll(window), placeholderData: keepPreviousData, refetchInterval: useRefetchInterval(false, 30_000) });
}
