import { paths, platformListResponse, type Platform } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getPlatforms(): Promise<Platform[]> {
  return api.get(paths.platformList, undefined, { schema: platformListResponse });
}

export function getPlatformsQueryOptions() {
  // The venue list changes only with a server release.
  return queryOptions({ queryKey: ['platforms'], queryFn: getPlatforms, staleTime: Infinity });
}

export function usePlatforms() {
  return useQuery(getPlatformsQueryOptions());
}
