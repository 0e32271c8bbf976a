import { endpoints, type EndpointBody, type IncidentListResponse } from '@makerdesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useTranslation } from 'react-i18next';

/** The bell's list also refreshes this often, in case the live socket is down. */
export const INCIDENTS_REFRESH_MS = 15_000;
export const INCIDENTS_KEY = ['incidents'] as const;

/** Incidents of a pair, or of all the reader's pairs without one; titles and texts in the console's language. */
export function useIncidents(coinId?: number) {
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: [...INCIDENTS_KEY, coinId ?? 'all', lang],
    queryFn: (): Promise<IncidentListResponse> => call(endpoints.incidentList, { query: coinId === undefined ? { limit: 100 } : { coinId, limit: 100 } }),
    refetchInterval: INCIDENTS_REFRESH_MS,
  });
}

export function useMarkIncidentsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof endpoints.incidentRead>) => call(endpoints.incidentRead, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INCIDENTS_KEY }),
  });
}

/** Bots with an unread warning or error, from the reader's incidents (the "needs attention" badge). */
export function botsInTrouble(data: IncidentListResponse | undefined): Set<number> {
  const ids = new Set<number>();
  for (const i of data?.items ?? []) if (i.robotId !== null && i.readAt === null && i.level !== 'info') ids.add(i.robotId);
  return ids;
}

/** The engine's words for a bot that stopped itself after failing tick after tick. */
export const STOPPED_BY_FAILURES = /ticks failed in a row/;

/**
 * Whether a bot needs attention: an unread warning or error about it in the incident centre, or
 * stopped by its failures. Derived from the pair's incidents, not from the bot's row.
 */
export function useBotInTrouble(robot: { id: number; coinId: number; status: string; stopReason: string | null }): boolean {
  const { data } = useIncidents(robot.coinId);
  return botsInTrouble(data).has(robot.id) || (robot.status === 'stopped' && STOPPED_BY_FAILURES.test(robot.stopReason ?? ''));
}
