import { endpoints, type EndpointBody } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type ChangeOwnPasswordRequest = EndpointBody<typeof endpoints.changeOwnPassword>;

/** PUT /admin/update without an id changes the caller's own password; the server ends its other sessions. */
export function changePassword(body: ChangeOwnPasswordRequest): Promise<null> {
  return call(endpoints.changeOwnPassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
