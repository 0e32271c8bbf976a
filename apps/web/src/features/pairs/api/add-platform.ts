import { endpoints, type EndpointBody, type EndpointReply } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { platformsQueryKey } from './get-platforms';

export type AddPlatformRequest = EndpointBody<typeof endpoints.platformAdd>;

/** Adds a platform (main account): a ccxt exchange id, optionally in its sandbox or at another API base URL. */
export function addPlatform(body: AddPlatformRequest): Promise<EndpointReply<typeof endpoints.platformAdd>> {
  return call(endpoints.platformAdd, { body });
}

export function useAddPlatform() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPlatform, onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsQueryKey }) });
}
