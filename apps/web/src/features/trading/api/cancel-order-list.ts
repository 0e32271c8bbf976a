import { cancelOrderListResponse, paths } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Direction } from '@/market-data/types';
import type { RangeCancelResult } from '../types';
import { refreshAccountQueries } from '../utils/account-queries';

export interface RangeCancelRequest {
  coinId: number;
  minPrice: string;
  maxPrice: string;
  direction?: Direction;
}

/** Bulk cancel: every open order priced inside [minPrice, maxPrice], optionally of one side. */
export function cancelOrderList(request: RangeCancelRequest): Promise<RangeCancelResult> {
  return api.post(paths.cancelOrderList, request, { schema: cancelOrderListResponse });
}

export function useCancelOrderList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelOrderList, onSuccess: (_, { coinId }) => refreshAccountQueries(queryClient, coinId) });
}
