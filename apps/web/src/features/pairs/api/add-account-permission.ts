import { endpoints, type AccountPermission, type EndpointBody } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { accountPermissionsQueryKey } from './get-account-permissions';

export type PairBinding = EndpointBody<typeof endpoints.accountPermissionsAdd>;

export function addAccountPermission(binding: PairBinding): Promise<AccountPermission> {
  return call(endpoints.accountPermissionsAdd, { body: binding });
}

export function useAddAccountPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAccountPermission,
    onSuccess: (_, { adminId }) => queryClient.invalidateQueries({ queryKey: accountPermissionsQueryKey(adminId) }),
  });
}
