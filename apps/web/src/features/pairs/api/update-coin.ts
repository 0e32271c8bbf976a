import { endpoints, type Coin, type EndpointBody } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { coinsQueryKey } from './get-coins';

export type UpdateCoinRequest = EndpointBody<typeof endpoints.coinUpdate>;

/** Edits a pair's expiry and status (main account); `endTimeStamp: null` clears the expiry. */
export function updateCoin(body: UpdateCoinRequest): Promise<Coin> {
  return call(endpoints.coinUpdate, { body });
}

export function useUpdateCoin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCoin, onSuccess: () => queryClient.invalidateQueries({ queryKey: coinsQueryKey }) });
}
