import { endpoints } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { PublicTrade } from '../types';

/** Trades the console keeps in view, newest first. */
export const PUBLIC_TRADES_LIMIT = 50;

export function getPublicTrades(coinId: number): Promise<PublicTrade[]> {
  return call(endpoints.tradesList, { query: { coinId, limit: PUBLIC_TRADES_LIMIT } });
}

export const publicTradesQueryKey = (coinId: number) => [...pairQueriesKey(coinId), 'trades'] as const;

export function getPublicTradesQueryOptions(coinId: number) {
  return queryOptions({ queryKey: publicTradesQueryKey(coinId), queryFn: () => getPublicTrades(coinId) });
}

export function usePublicTrades(coinId: number) {
  return useQuery({ ...getPublicTradesQueryOptions(coinId), refetchInterval: useRefetchInterval(true) });
}
