import { endpoints, type EndpointBody } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type PasswordReset = Omit<EndpointBody<typeof endpoints.resetPassword>, 'action'>;

/** Forgot password, step 3: the new password replaces the old one and every session ends. */
export function resetPassword(reset: PasswordReset): Promise<null> {
  return call(endpoints.resetPassword, { body: { action: 'reset', ...reset } });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
