import { coinListResponse, paths, type Coin } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The pairs the signed-in account may use. */
export function getCoins(): Promise<Coin[]> {
  return api.get(paths.coinList, undefined, { schema: coinListResponse });
}

export const coinsQueryKey = ['coins'] as const;

export function getCoinsQueryOptions() {
  return queryOptions({ queryKey: coinsQueryKey, queryFn: getCoins });
}

export function useCoins() {
  return useQuery(getCoinsQueryOptions());
}
