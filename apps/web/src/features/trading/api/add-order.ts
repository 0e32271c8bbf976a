import { endpoints, type EndpointBody } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Order } from '@/market-data/types';
import { refreshAccountQueries } from '../utils/account-queries';
import { openOrdersQueryKey } from '@/market-data/api/get-open-orders';

export type AddOrderRequest = EndpointBody<typeof endpoints.addOrder>;

export function addOrder(request: AddOrderRequest): Promise<Order> {
  return call(endpoints.addOrder, { body: request }).then((reply) => reply.order);
}

export function useAddOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOrder,
    onSuccess: (placed, { coinId }) => {
      // Shown at once; the refetch (or the socket) confirms it.
      if (placed.status === 'pending' || placed.status === 'partial_filled') {
        queryClient.setQueryData<Order[]>(openOrdersQueryKey(coinId), (open = []) => [placed, ...open.filter((o) => o.orderNo !== placed.orderNo)]);
      }
      return refreshAccountQueries(queryClient, coinId);
    },
  });
}
