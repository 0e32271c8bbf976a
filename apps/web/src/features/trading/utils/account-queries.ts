import type { QueryClient } from '@tanstack/react-query';
import { historyOrdersQueryKey } from '@/market-data/api/get-history-orders';
import { myTradesQueryKey } from '@/market-data/api/get-my-trades';
import { openOrdersQueryKey } from '@/market-data/api/get-open-orders';
import { walletQueryKey } from '@/market-data/api/get-wallet';

/** After the caller's orders change: their lists, fills and balances are asked for again. */
export function refreshAccountQueries(queryClient: QueryClient, coinId: number): Promise<void> {
  return Promise.all(
    [openOrdersQueryKey(coinId), historyOrdersQueryKey(coinId), myTradesQueryKey(coinId), walletQueryKey(coinId)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
