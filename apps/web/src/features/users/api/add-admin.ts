import { endpoints, type AdminUser, type EndpointBody } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type AddUserRequest = EndpointBody<typeof endpoints.addUser>;

/** Creates a restricted account (mainAccountId 2). */
export function addAdmin(account: AddUserRequest): Promise<AdminUser> {
  return call(endpoints.addUser, { body: account });
}

export function useAddAdmin() {
  return useMutation({ mutationFn: addAdmin });
}
