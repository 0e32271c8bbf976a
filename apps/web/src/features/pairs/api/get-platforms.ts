import { endpoints, type Platform } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function getPlatforms(): Promise<Platform[]> {
  return call(endpoints.platformList);
}

export function getPlatformsQueryOptions() {
  // The venue list changes only with a server release.
  return queryOptions({ queryKey: ['platforms'], queryFn: getPlatforms, staleTime: Infinity });
}

export function usePlatforms() {
  return useQuery(getPlatformsQueryOptions());
}
