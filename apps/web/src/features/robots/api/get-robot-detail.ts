import { endpoints, type RobotDetailDto } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ROBOTS_REFRESH_MS } from './get-robots';

/** One bot with its open orders and latest log lines. */
export function getRobotDetail(id: number): Promise<RobotDetailDto> {
  return call(endpoints.robotDetail, { params: { id } });
}

export function getRobotDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: ['robots', 'detail', id], queryFn: () => getRobotDetail(id) });
}

export function useRobotDetail(id: number | null) {
  return useQuery({ ...getRobotDetailQueryOptions(id ?? 0), enabled: id !== null, refetchInterval: ROBOTS_REFRESH_MS });
}
