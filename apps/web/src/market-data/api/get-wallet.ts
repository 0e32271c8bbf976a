import { endpoints } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '../live/live-status';
import { pairQueriesKey } from '../query-keys';
import type { Wallet } from '../types';

/** The pair's base and quote balances, and every other asset of the account. */
export function getWallet(coinId: number): Promise<Wallet> {
  return call(endpoints.wallet, { query: { coinId } });
}

export const walletQueryKey = (coinId: number) => [...pairQueriesKey(coinId), 'wallet'] as const;

export function getWalletQueryOptions(coinId: number) {
  return queryOptions({ queryKey: walletQueryKey(coinId), queryFn: () => getWallet(coinId) });
}

export function useWallet(coinId: number) {
  return useQuery({ ...getWalletQueryOptions(coinId), refetchInterval: useRefetchInterval(true) });
}
