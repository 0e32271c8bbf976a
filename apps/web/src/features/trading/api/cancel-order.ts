import { order, paths } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Order } from '@/market-data/types';
import { refreshAccountQueries } from '../utils/account-queries';
import { openOrdersQueryKey } from '@/market-data/api/get-open-orders';

export interface CancelOrderRequest {
  coinId: number;
  orderNo: string;
}

export function cancelOrder(request: CancelOrderRequest): Promise<Order> {
  return api.post(paths.cancelOrder, request, { schema: order });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (canceled, { coinId }) => {
      queryClient.setQueryData<Order[]>(openOrdersQueryKey(coinId), (open) => open?.filter((o) => o.orderNo !== canceled.orderNo));
      return refreshAccountQueries(queryClient, coinId);
    },
  });
}
