import { adminUser, paths, type AddUserRequest, type AdminUser } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Creates a restricted account (mainAccountId 2). */
export function addAdmin(account: AddUserRequest): Promise<AdminUser> {
  return api.post(paths.addUser, account, { schema: adminUser });
}

export function useAddAdmin() {
  return useMutation({ mutationFn: addAdmin });
}
