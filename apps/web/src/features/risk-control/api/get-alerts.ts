import { endpoints, type Alert, type EndpointQuery, type Page } from '@makerdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type AlertListQuery = EndpointQuery<typeof endpoints.alertList>;

/** Deliveries settle in the background (throttle, retries): the list refreshes this often. */
export const ALERTS_REFRESH_MS = 3000;

export const alertsKey = (coinId: number) => ['alerts', coinId] as const;

/** The pair's recent alerts, newest first, each with its deliveries. */
export function getAlerts(query: AlertListQuery): Promise<Page<Alert>> {
  return call(endpoints.alertList, { query });
}

export function getAlertsQueryOptions(query: AlertListQuery) {
  return queryOptions({ queryKey: [...alertsKey(query.coinId), query], queryFn: () => getAlerts(query) });
}

export function useAlerts(query: AlertListQuery) {
  return useQuery({ ...getAlertsQueryOptions(query), placeholderData: keepPreviousData, refetchInterval: ALERTS_REFRESH_MS });
}
