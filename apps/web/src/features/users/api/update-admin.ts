import { adminUser, paths, type AdminUser, type EditUserRequest } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A main account edits another account: role, name, status, or a new password. */
export function updateAdmin(edit: EditUserRequest): Promise<AdminUser> {
  return api.put(paths.updateUser, edit, { schema: adminUser });
}

export function useUpdateAdmin() {
  return useMutation({ mutationFn: updateAdmin });
}
