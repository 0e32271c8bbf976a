import { endpoints, type EndpointQuery } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { Candle } from '../types';

/** The console always names the interval and the count, so its cache keys do too. */
export type CandlesQuery = Required<EndpointQuery<typeof endpoints.candles>>;

/** Candles of the pair, oldest first. */
export function getCandles({ coinId, interval, limit }: CandlesQuery): Promise<Candle[]> {
  return call(endpoints.candles, { query: { coinId, interval, limit } });
}

export const candlesQueryKey = ({ coinId, interval, limit }: CandlesQuery) => [...pairQueriesKey(coinId), 'candles', interval, limit] as const;

export function getCandlesQueryOptions(query: CandlesQuery) {
  return queryOptions({ queryKey: candlesQueryKey(query), queryFn: () => getCandles(query) });
}

/** Not pushed; the dashboard's figures move slowly, so they refresh every 10 s. */
export function useCandles(query: CandlesQuery) {
  return useQuery({ ...getCandlesQueryOptions(query), refetchInterval: useRefetchInterval(false, 10_000) });
}
