import { accountPermission, paths, type AccountPermission } from '@makerdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountPermissionsQueryKey } from './get-account-permissions';

export interface PairBinding {
  adminId: number;
  coinId: number;
}

export function addAccountPermission(binding: PairBinding): Promise<AccountPermission> {
  return api.post(paths.accountPermissionsAdd, binding, { schema: accountPermission });
}

export function useAddAccountPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAccountPermission,
    onSuccess: (_, { adminId }) => queryClient.invalidateQueries({ queryKey: accountPermissionsQueryKey(adminId) }),
  });
}
