import { endpoints, type EndpointBody, type EndpointQuery } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { Order } from '@/market-data/types';
import { refreshAccountQueries } from '../utils/account-queries';

type ManualMatch = typeof endpoints.performTrades;
export type ManualMatchRequest = EndpointQuery<ManualMatch> & EndpointBody<ManualMatch>;

/** Manual match: an immediate-or-cancel order at a limit price; what does not fill at once is canceled. */
export function performTrade({ coinId, ...body }: ManualMatchRequest): Promise<Order> {
  return call(endpoints.performTrades, { query: { coinId }, body });
}

export function usePerformTrade() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: performTrade, onSuccess: (_, { coinId }) => refreshAccountQueries(queryClient, coinId) });
}
