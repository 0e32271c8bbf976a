import { endpoints } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { MyTrade } from '../types';

/** The server's ceiling: the dashboard's total volume sums this many of the newest fills. */
export const MY_TRADES_LIMIT = 1000;

/** The caller's own fills on the pair, newest first. */
export function getMyTrades(coinId: number): Promise<MyTrade[]> {
  return call(endpoints.trade, { query: { coinId, limit: MY_TRADES_LIMIT } });
}

export const myTradesQueryKey = (coinId: number) => [...pairQueriesKey(coinId), 'my-trades'] as const;

export function getMyTradesQueryOptions(coinId: number) {
  return queryOptions({ queryKey: myTradesQueryKey(coinId), queryFn: () => getMyTrades(coinId) });
}

/** Refreshed when the socket reports one of the caller's orders changed; polls otherwise. */
export function useMyTrades(coinId: number) {
  return useQuery({ ...getMyTradesQueryOptions(coinId), refetchInterval: useRefetchInterval(true, 5_000) });
}
