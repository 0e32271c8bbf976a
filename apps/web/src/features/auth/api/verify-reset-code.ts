import { endpoints, type EndpointBody } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type ResetCode = Omit<EndpointBody<typeof endpoints.verifyResetCode>, 'action'>;

/** Forgot password, step 2: the code is checked before the user picks a new password. */
export function verifyResetCode({ email, code }: ResetCode): Promise<null> {
  return call(endpoints.verifyResetCode, { body: { action: 'verifyCode', email, code } });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
