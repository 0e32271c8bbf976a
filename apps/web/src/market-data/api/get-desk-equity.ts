import { endpoints, type DeskEquity } from '@makerdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pairQueriesKey } from '../query-keys';

/** The equity curve (cumulative total P&L) of the pair's desk, or of one bot, and its daily P&L. */
export function getDeskEquity(coinId: number, robotId?: number): Promise<DeskEquity> {
  return call(endpoints.deskEquity, { query: robotId === undefined ? { coinId } : { coinId, robotId } });
}

export function getDeskEquityQueryOptions(coinId: number, robotId?: number) {
  return queryOptions({ queryKey: [...pairQueriesKey(coinId), 'desk-equity', robotId ?? 'desk'] as const, queryFn: () => getDeskEquity(coinId, robotId) });
}

/** A curve of minutes to days: once a minute is enough. */
export function useDeskEquity(coinId: number, robotId?: number) {
  return useQuery({ ...getDeskEquityQueryOptions(coinId, robotId), placeholderData: keepPreviousData, refetchInterval: 60_000 });
}
