import { endpoints, type EndpointReply } from '@makerdesk/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type ApiVerifyResult = EndpointReply<typeof endpoints.apiVerify>;

/** Checks the pair's key against its venue: can it read, can it trade, is an IP bound. */
export function verifyApiKey(coinId: number): Promise<ApiVerifyResult> {
  return call(endpoints.apiVerify, { body: { coinId } });
}

export function useVerifyApiKey() {
  return useMutation({ mutationFn: verifyApiKey });
}
