import { endpoints, type EndpointBody, type EndpointReply } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { refreshAccountQueries } from '../utils/account-queries';

export type RangeCancelRequest = EndpointBody<typeof endpoints.cancelOrderList>;
export type RangeCancelResult = EndpointReply<typeof endpoints.cancelOrderList>;

/** Bulk cancel: every open order priced inside [minPrice, maxPrice], optionally of one side. */
export function cancelOrderList(request: RangeCancelRequest): Promise<RangeCancelResult> {
  return call(endpoints.cancelOrderList, { body: request });
}

export function useCancelOrderList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelOrderList, onSuccess: (_, { coinId }) => refreshAccountQueries(queryClient, coinId) });
}
