import { endpoints } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { Price } from '../types';

/** Last, best bid and ask, and the reference venue's price. */
export function getPrice(coinId: number): Promise<Price> {
  return call(endpoints.getPrice, { query: { coinId } });
}

export const priceQueryKey = (coinId: number) => [...pairQueriesKey(coinId), 'price'] as const;

export function getPriceQueryOptions(coinId: number) {
  return queryOptions({ queryKey: priceQueryKey(coinId), queryFn: () => getPrice(coinId) });
}

/** Last, bid and ask follow the pushed trades and book; the reference price comes with each poll. */
export function usePrice(coinId: number) {
  return useQuery({ ...getPriceQueryOptions(coinId), refetchInterval: useRefetchInterval(false) });
}
