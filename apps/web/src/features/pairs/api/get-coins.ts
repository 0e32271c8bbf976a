import { endpoints, type Coin } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The pairs the signed-in account may use. */
export function getCoins(): Promise<Coin[]> {
  return call(endpoints.coinList);
}

export const coinsQueryKey = ['coins'] as const;

export function getCoinsQueryOptions() {
  return queryOptions({ queryKey: coinsQueryKey, queryFn: getCoins });
}

export function useCoins() {
  return useQuery(getCoinsQueryOptions());
}
