import { paths } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ResetCode } from './verify-reset-code';

export interface PasswordReset extends ResetCode {
  password: string;
  confirmPassword: string;
}

/** Forgot password, step 3: the new password replaces the old one and every session ends. */
export function resetPassword(reset: PasswordReset): Promise<null> {
  return api.put(paths.updatePassword, { action: 'reset', ...reset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
