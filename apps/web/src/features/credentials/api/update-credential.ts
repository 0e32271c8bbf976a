import { endpoints, type CredentialView, type EndpointBody } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { replaceStoredApiKeys } from '@/lib/auth';
import { pairQueriesKey } from '@/market-data/query-keys';
import { credentialsQueryKey } from './get-credentials';

export type CredentialUpdateRequest = EndpointBody<typeof endpoints.credentialsUpdate>;

/** Changes one of the caller's keys; fields left out keep their value. */
export function updateCredential(request: CredentialUpdateRequest): Promise<CredentialView> {
  return call(endpoints.credentialsUpdate, { body: request });
}

export function useUpdateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCredential,
    onSuccess: (updated) => {
      const keys = (queryClient.getQueryData<CredentialView[]>(credentialsQueryKey) ?? []).map((key) => (key.id === updated.id ? updated : key));
      queryClient.setQueryData(credentialsQueryKey, keys);
      replaceStoredApiKeys(keys);
      void queryClient.invalidateQueries({ queryKey: pairQueriesKey(updated.coinId) });
    },
  });
}
