import { endpoints } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { Order } from '../types';

/** The caller's closed orders on the pair, newest first. */
export function getHistoryOrders(coinId: number): Promise<Order[]> {
  return call(endpoints.getHistoryOrders, { query: { coinId } });
}

export const historyOrdersQueryKey = (coinId: number) => [...pairQueriesKey(coinId), 'history-orders'] as const;

export function getHistoryOrdersQueryOptions(coinId: number) {
  return queryOptions({ queryKey: historyOrdersQueryKey(coinId), queryFn: () => getHistoryOrders(coinId) });
}

export function useHistoryOrders(coinId: number) {
  return useQuery({ ...getHistoryOrdersQueryOptions(coinId), refetchInterval: useRefetchInterval(true, 5_000) });
}
