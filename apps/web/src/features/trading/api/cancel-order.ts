import { endpoints, type EndpointBody } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Order } from '@/market-data/types';
import { refreshAccountQueries } from '../utils/account-queries';
import { openOrdersQueryKey } from '@/market-data/api/get-open-orders';

export type CancelOrderRequest = EndpointBody<typeof endpoints.cancelOrder>;

export function cancelOrder(request: CancelOrderRequest): Promise<Order> {
  return call(endpoints.cancelOrder, { body: request });
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
