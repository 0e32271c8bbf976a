import { paths } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetCode {
  email: string;
  code: string;
}

/** Forgot password, step 2: the code is checked before the user picks a new password. */
export function verifyResetCode({ email, code }: ResetCode): Promise<null> {
  return api.put(paths.updatePassword, { action: 'verifyCode', email, code });
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
