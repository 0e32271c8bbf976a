import { endpoints, type RobotDto } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '@/market-data/live/live-status';
import { robotsQueryKey } from '@/market-data/query-keys';

/** Figures are not pushed: the screens showing them refresh every 5 s (more often while bots tick, see live-cache). */
export const ROBOTS_REFRESH_MS = 5_000;

/** The pair's bots with their runtime and figures (last hour, today, all time). */
export function getRobots(coinId: number): Promise<RobotDto[]> {
  return call(endpoints.robotList, { query: { coinId } });
}

export function getRobotsQueryOptions(coinId: number) {
  return queryOptions({ queryKey: robotsQueryKey(coinId), queryFn: () => getRobots(coinId) });
}

export function useRobots(coinId: number) {
  return useQuery({ ...getRobotsQueryOptions(coinId), refetchInterval: useRefetchInterval(false, ROBOTS_REFRESH_MS) });
}
