import { endpoints } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { Order } from '../types';

/** The caller's open orders on the pair. */
export function getOpenOrders(coinId: number): Promise<Order[]> {
  return call(endpoints.getOrders, { query: { coinId } });
}

export const openOrdersQueryKey = (coinId: number) => [...pairQueriesKey(coinId), 'open-orders'] as const;

export function getOpenOrdersQueryOptions(coinId: number) {
  return queryOptions({ queryKey: openOrdersQueryKey(coinId), queryFn: () => getOpenOrders(coinId) });
}

export function useOpenOrders(coinId: number) {
  return useQuery({ ...getOpenOrdersQueryOptions(coinId), refetchInterval: useRefetchInterval(true) });
}
