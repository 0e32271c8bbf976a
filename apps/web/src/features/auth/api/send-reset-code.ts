import { paths, sendCodeResponse } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetCodeTiming {
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

/** Forgot password, step 1: a 6-digit code goes to the e-mail if it has an account. */
export function sendResetCode(email: string): Promise<ResetCodeTiming> {
  return api.put(paths.updatePassword, { action: 'sendCode', email }, { schema: sendCodeResponse });
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
