import { endpoints } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { platformsQueryKey } from './get-platforms';

/** Deletes a platform (main account) that no pair and no API key uses; the server refuses one in use (1030105). */
export function deletePlatform(id: number): Promise<null> {
  return call(endpoints.platformDelete, { params: { id } });
}

export function useDeletePlatform() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePlatform, onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsQueryKey }) });
}
