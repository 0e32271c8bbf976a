import { order, paths } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Direction, Order } from '@/market-data/types';
import { refreshAccountQueries } from '../utils/account-queries';

export interface ManualMatchRequest {
  coinId: number;
  direction: Direction;
  price: string;
  amount: string;
}

/** Manual match: an immediate-or-cancel order at a limit price; what does not fill at once is canceled. */
export function performTrade({ coinId, ...body }: ManualMatchRequest): Promise<Order> {
  return request(paths.performTrades, { method: 'POST', query: { coinId }, body, schema: order });
}

export function usePerformTrade() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: performTrade, onSuccess: (_, { coinId }) => refreshAccountQueries(queryClient, coinId) });
}
