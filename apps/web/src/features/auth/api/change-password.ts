import { paths, type ChangeOwnPasswordRequest } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /admin/update without an id changes the caller's own password; the server ends its other sessions. */
export function changePassword(body: ChangeOwnPasswordRequest): Promise<null> {
  return api.put(paths.updateUser, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
