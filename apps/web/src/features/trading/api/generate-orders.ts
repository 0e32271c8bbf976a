import { generateOrdersResponse, paths } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Direction } from '@/market-data/types';
import type { BatchResult, Distribution } from '../types';
import { refreshAccountQueries } from '../utils/account-queries';

export interface BatchOrderRequest {
  coinId: number;
  direction: Direction;
  amount: string;
  count: number;
  minPrice: string;
  maxPrice: string;
  distribution: Distribution;
}

/** Batch orders: the server splits `amount` into `count` limit orders across the price range. */
export function generateOrders({ coinId, ...body }: BatchOrderRequest): Promise<BatchResult> {
  return request(paths.generateOrders, { method: 'POST', query: { coinId }, body, schema: generateOrdersResponse });
}

export function useGenerateOrders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: generateOrders, onSuccess: (_, { coinId }) => refreshAccountQueries(queryClient, coinId) });
}
