import { endpoints, type RobotDetailDto } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { ROBOTS_REFRESH_MS } from './get-robots';

/** One bot with its open orders and latest log lines. */
export function getRobotDetail(id: number): Promise<RobotDetailDto> {
  return call(endpoints.robotDetail, { params: { id } });
}

export function getRobotDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: ['robots', 'detail', id], queryFn: () => getRobotDetail(id) });
}

/** Its log and stop reason come in the request's language: the language is part of the key. */
export function useRobotDetail(id: number | null) {
  const { i18n } = useTranslation();
  const options = getRobotDetailQueryOptions(id ?? 0);
  return useQuery({ ...options, queryKey: [...options.queryKey, i18n.language], enabled: id !== null, refetchInterval: ROBOTS_REFRESH_MS });
}
