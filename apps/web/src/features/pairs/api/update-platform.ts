import { endpoints, type EndpointBody, type Platform } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { platformsQueryKey } from './get-platforms';

export type UpdatePlatformRequest = EndpointBody<typeof endpoints.platformUpdate>;

/** Edits a platform (main account): its name, sandbox and API base; `apiBaseUrl: null` returns to the venue's own URLs. */
export function updatePlatform(body: UpdatePlatformRequest): Promise<Platform> {
  return call(endpoints.platformUpdate, { body });
}

export function useUpdatePlatform() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlatform, onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsQueryKey }) });
}
