import { endpoints, type EndpointBody, type LoginResponse } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { signIn } from '@/lib/auth';

export type LoginRequest = EndpointBody<typeof endpoints.login>;

/** Credentials travel in the body, never in a query string. The form shows failures itself, every time. */
export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return call(endpoints.login, { body: credentials }, { skipErrorHandler: true });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => signIn(session.token, session.userInfo),
  });
}
