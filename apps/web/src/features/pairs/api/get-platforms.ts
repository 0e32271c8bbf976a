import { endpoints, type Platform } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function getPlatforms(): Promise<Platform[]> {
  return call(endpoints.platformList);
}

export const platformsQueryKey = ['platforms'] as const;

export function getPlatformsQueryOptions() {
  // The venue list changes only when a main account adds a platform (add-platform.ts refetches it).
  return queryOptions({ queryKey: platformsQueryKey, queryFn: getPlatforms, staleTime: Infinity });
}

export function usePlatforms() {
  return useQuery(getPlatformsQueryOptions());
}
