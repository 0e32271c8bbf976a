import { endpoints, type EndpointBody, type EndpointQuery, type EndpointReply } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { refreshAccountQueries } from '../utils/account-queries';

type Batch = typeof endpoints.generateOrders;
export type BatchOrderRequest = EndpointQuery<Batch> & EndpointBody<Batch>;
export type BatchResult = EndpointReply<Batch>;

/** Batch orders: the server splits `amount` into `count` limit orders across the price range. */
export function generateOrders({ coinId, ...body }: BatchOrderRequest): Promise<BatchResult> {
  return call(endpoints.generateOrders, { query: { coinId }, body });
}

export function useGenerateOrders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: generateOrders, onSuccess: (_, { coinId }) => refreshAccountQueries(queryClient, coinId) });
}
