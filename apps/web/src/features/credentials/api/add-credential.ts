import { endpoints, type CredentialView, type EndpointBody } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { replaceStoredApiKeys } from '@/lib/auth';
import { pairQueriesKey } from '@/market-data/query-keys';
import { credentialsQueryKey } from './get-credentials';

export type CredentialAddRequest = EndpointBody<typeof endpoints.credentialsAdd>;

/** Imports an exchange API key for a pair; the server checks it with the venue first. */
export function addCredential(request: CredentialAddRequest): Promise<CredentialView> {
  return call(endpoints.credentialsAdd, { body: request });
}

export function useAddCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCredential,
    onSuccess: (added) => {
      const keys = [...(queryClient.getQueryData<CredentialView[]>(credentialsQueryKey) ?? []), added];
      queryClient.setQueryData(credentialsQueryKey, keys);
      replaceStoredApiKeys(keys);
      // Screens of the pair that failed for want of a key ask again now.
      void queryClient.invalidateQueries({ queryKey: pairQueriesKey(added.coinId) });
      void queryClient.invalidateQueries({ queryKey: credentialsQueryKey });
    },
  });
}
