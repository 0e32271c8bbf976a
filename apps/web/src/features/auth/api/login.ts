import { loginResponse, paths, type LoginRequest, type LoginResponse } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { signIn } from '@/lib/auth';

/** Credentials travel in the body, never in a query string. The form shows failures itself, every time. */
export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return api.post(paths.login, credentials, { schema: loginResponse, skipErrorHandler: true });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => signIn(session.token, session.userInfo),
  });
}
