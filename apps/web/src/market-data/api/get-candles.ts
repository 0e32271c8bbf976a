import { candlesResponse, paths } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { Candle, CandleInterval } from '../types';

export interface CandlesQuery {
  coinId: number;
  interval: CandleInterval;
  limit: number;
}

/** Candles of the pair, oldest first. */
export function getCandles({ coinId, interval, limit }: CandlesQuery): Promise<Candle[]> {
  return api.get(paths.candles, { coinId, interval, limit }, { schema: candlesResponse });
}

export const candlesQueryKey = ({ coinId, interval, limit }: CandlesQuery) => [...pairQueriesKey(coinId), 'candles', interval, limit] as const;

export function getCandlesQueryOptions(query: CandlesQuery) {
  return queryOptions({ queryKey: candlesQueryKey(query), queryFn: () => getCandles(query) });
}

/** Not pushed; the dashboard's figures move slowly, so they refresh every 10 s. */
export function useCandles(query: CandlesQuery) {
  return useQuery({ ...getCandlesQueryOptions(query), refetchInterval: useRefetchInterval(false, 10_000) });
}
