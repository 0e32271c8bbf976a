import { endpoints, type Coin, type Platform } from '@makerdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '@/lib/api-client';

/**
 * The platforms and the account's pairs, for a follow bot's reference picker. Same calls and query
 * keys as the pairs feature's lists (features do not import each other), so both read one cache.
 */
export function useReferenceVenues(): { platforms: Platform[]; coins: Coin[] } {
  const platforms = useQuery({ queryKey: ['platforms'], queryFn: () => call(endpoints.platformList), staleTime: Infinity });
  const coins = useQuery({ queryKey: ['coins'], queryFn: () => call(endpoints.coinList) });
  // One object per pair of answers, so a form's memoised context stays the same between renders.
  return useMemo(() => ({ platforms: platforms.data ?? [], coins: coins.data ?? [] }), [platforms.data, coins.data]);
}
