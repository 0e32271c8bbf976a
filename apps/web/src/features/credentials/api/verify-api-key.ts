import { apiVerifyResponse, paths } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ApiVerifyResult = ReturnType<typeof apiVerifyResponse.parse>;

/** Checks the pair's key against its venue: can it read, can it trade, is an IP bound. */
export function verifyApiKey(coinId: number): Promise<ApiVerifyResult> {
  return api.post(paths.apiVerify, { coinId }, { schema: apiVerifyResponse });
}

export function useVerifyApiKey() {
  return useMutation({ mutationFn: verifyApiKey });
}
