import { endpoints } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { OrderBook } from '../types';
import { BOOK_DEPTH } from './get-order-book';

/** The reference venue's book of the pair ("other-side order book"). */
export function getOtherBook(coinId: number): Promise<OrderBook> {
  return call(endpoints.orderBookOther, { query: { coinId, depth: BOOK_DEPTH } });
}

export const otherBookQueryKey = (coinId: number) => [...pairQueriesKey(coinId), 'other-book'] as const;

export function getOtherBookQueryOptions(coinId: number) {
  return queryOptions({ queryKey: otherBookQueryKey(coinId), queryFn: () => getOtherBook(coinId) });
}

/** Not pushed: it polls while shown. */
export function useOtherBook(coinId: number, enabled = true) {
  return useQuery({ ...getOtherBookQueryOptions(coinId), enabled, refetchInterval: useRefetchInterval(false) });
}
