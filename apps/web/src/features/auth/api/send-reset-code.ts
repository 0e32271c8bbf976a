import { endpoints, type EndpointReply } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type ResetCodeTiming = EndpointReply<typeof endpoints.sendResetCode>;

/** Forgot password, step 1: a 6-digit code goes to the e-mail if it has an account. */
export function sendResetCode(email: string): Promise<ResetCodeTiming> {
  return call(endpoints.sendResetCode, { body: { action: 'sendCode', email } });
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
