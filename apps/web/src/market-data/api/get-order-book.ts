import { endpoints } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { OrderBook } from '../types';

/** Levels per side the console shows; the socket pushes the same depth. */
export const BOOK_DEPTH = 20;

export function getOrderBook(coinId: number): Promise<OrderBook> {
  return call(endpoints.orderBook, { query: { coinId, depth: BOOK_DEPTH } });
}

export const orderBookQueryKey = (coinId: number) => [...pairQueriesKey(coinId), 'book'] as const;

export function getOrderBookQueryOptions(coinId: number) {
  return queryOptions({ queryKey: orderBookQueryKey(coinId), queryFn: () => getOrderBook(coinId) });
}

export function useOrderBook<T = OrderBook>(coinId: number, select?: (book: OrderBook) => T) {
  return useQuery({ ...getOrderBookQueryOptions(coinId), select, refetchInterval: useRefetchInterval(true) });
}
