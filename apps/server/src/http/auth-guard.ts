import { ErrorCode, MAIN_ACCOUNT } from '@makerdesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../domain/account.ts';
import { AppError } from '../domain/app-error.ts';
import type { AuthService } from '../services/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The signed-in caller; routes behind `signedIn` may rely on it. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(ErrorCode.UNAUTHORIZED);
  return request.principal;
}

export function signedIn(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    const principal = token ? await auth.authenticate(token) : null;
    if (!principal) throw new AppError(ErrorCode.UNAUTHORIZED);
    request.principal = principal;
  };
}

/** Main-account routes (spec §6): restricted accounts are refused. */
export async function mainAccountOnly(request: FastifyRequest): Promise<void> {
  if (principalOf(request).admin.mainAccountId !== MAIN_ACCOUNT) throw new AppError(ErrorCode.FORBIDDEN);
}
