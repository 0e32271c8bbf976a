import type { QueryClient } from '@tanstack/react-query';
import { historyOrdersQueryKey } from '../api/get-history-orders';
import { myTradesQueryKey } from '../api/get-my-trades';
import { openOrdersQueryKey } from '../api/get-open-orders';
import { walletQueryKey } from '../api/get-wallet';

/** After the caller's orders change: their lists, fills and balances are asked for again. */
export function refreshAccountQueries(queryClient: QueryClient, coinId: number): Promise<void> {
  return Promise.all(
    [openOrdersQueryKey(coinId), historyOrdersQueryKey(coinId), myTradesQueryKey(coinId), walletQueryKey(coinId)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
