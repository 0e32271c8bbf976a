import { endpoints, type EndpointBody, type EndpointReply } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { coinsQueryKey } from './get-coins';

export type AddCoinRequest = EndpointBody<typeof endpoints.coinAdd>;

/** Adds a pair (main account): checked against its venue; on the simulator it opens a market. */
export function addCoin(body: AddCoinRequest): Promise<EndpointReply<typeof endpoints.coinAdd>> {
  return call(endpoints.coinAdd, { body });
}

/** The pair selector and the expiry banner read the coin list: it is refetched after an add. */
export function useAddCoin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCoin, onSuccess: () => queryClient.invalidateQueries({ queryKey: coinsQueryKey }) });
}
