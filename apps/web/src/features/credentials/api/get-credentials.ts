import { endpoints, type CredentialView } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '@/lib/api-client';
import { readStoredApiKeys, replaceStoredApiKeys } from '@/lib/auth';

/** The caller's exchange keys, masked. */
export function getCredentials(): Promise<CredentialView[]> {
  return call(endpoints.credentialsList);
}

export const credentialsQueryKey = ['credentials'] as const;

export function getCredentialsQueryOptions() {
  return queryOptions({
    queryKey: credentialsQueryKey,
    queryFn: getCredentials,
    // The login reply carried the list: screens know at once whether the pair has a key, and the
    // server's answer replaces it straight after.
    initialData: readStoredApiKeys,
    initialDataUpdatedAt: 0,
  });
}

export function useCredentials() {
  const query = useQuery(getCredentialsQueryOptions());
  const { data, isFetchedAfterMount } = query;
  useEffect(() => {
    if (data && isFetchedAfterMount) replaceStoredApiKeys(data);
  }, [data, isFetchedAfterMount]);
  return query;
}

/** The key the server trades a pair with: the newest of the caller's keys for it. */
export function keyForPair(keys: readonly CredentialView[] | undefined, coinId: number | undefined): CredentialView | undefined {
  if (coinId === undefined) return undefined;
  return keys?.filter((key) => key.coinId === coinId).sort((a, b) => b.id - a.id)[0];
}
