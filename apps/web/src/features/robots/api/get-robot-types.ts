import { endpoints, type RobotTypeItem } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The bot types that run today, with each one's config schema and defaults for the pair. */
export function getRobotTypes(coinId: number): Promise<RobotTypeItem[]> {
  return call(endpoints.robotInitList, { query: { coinId } });
}

export function getRobotTypesQueryOptions(coinId: number) {
  // Defaults follow the pair's price, so they are read again when the page opens.
  return queryOptions({ queryKey: ['robots', coinId, 'types'], queryFn: () => getRobotTypes(coinId), staleTime: 60_000 });
}

export function useRobotTypes(coinId: number) {
  return useQuery(getRobotTypesQueryOptions(coinId));
}
