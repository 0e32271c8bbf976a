import { ErrorCode } from '@makerdesk/contract';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { useWallet } from '../api/get-wallet';
import { useTrading } from './trading-context';

/**
 * The server trades a pair with the caller's own key; should it answer "API key not found" (a key
 * list gone stale), the screen gives way to `fallback`, which offers the import. Importing
 * refetches the pair's queries, and the screen comes back.
 */
export function KeyGuard({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pair } = useTrading();
  const { error } = useWallet(pair.coinId);
  const missing = error instanceof ApiError && error.code === ErrorCode.CREDENTIAL_NOT_FOUND;
  return missing ? fallback : children;
}
