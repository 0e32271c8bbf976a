import { endpoints, type AdminUser, type EndpointBody } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type EditUserRequest = EndpointBody<typeof endpoints.editUser>;

/** A main account edits another account: role, name, status, or a new password. */
export function updateAdmin(edit: EditUserRequest): Promise<AdminUser> {
  return call(endpoints.editUser, { body: edit });
}

export function useUpdateAdmin() {
  return useMutation({ mutationFn: updateAdmin });
}
