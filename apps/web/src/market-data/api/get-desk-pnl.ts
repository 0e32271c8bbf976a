import { endpoints, type DeskPnl, type DeskPnlWindow } from '@makerdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';

/** The desk's P&L on the pair for a window (DESK.md): total = realised + unrealised − fees, per bot and manual. */
export function getDeskPnl(coinId: number, window: DeskPnlWindow): Promise<DeskPnl> {
  return call(endpoints.deskPnl, { query: { coinId, window } });
}

export const deskPnlQueryKey = (coinId: number, window: DeskPnlWindow) => [...pairQueriesKey(coinId), 'desk-pnl', window] as const;

export function getDeskPnlQueryOptions(coinId: number, window: DeskPnlWindow) {
  return queryOptions({ queryKey: deskPnlQueryKey(coinId, window), queryFn: () => getDeskPnl(coinId, window) });
}

/** It moves with every fill and the mid: every 10 s, the previous window's figures kept while a switch loads. */
export function useDeskPnl(coinId: number, window: DeskPnlWindow) {
  return useQuery({ ...getDeskPnlQueryOptions(coinId, window), placeholderData: keepPreviousData, refetchInterval: useRefetchInterval(false, 10_000) });
}
