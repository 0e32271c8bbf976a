import { endpoints, type AnalysisPanel } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRefetchInterval } from '@/market-data/live/live-status';
import { pairQueriesKey } from '@/market-data/query-keys';

/** The control panel's figures that need history: the account's 24 h volume and its value's 1 h and day change. */
export function getAnalysisPanel(coinId: number): Promise<AnalysisPanel> {
  return call(endpoints.analysisPanel, { query: { coinId } });
}

export const analysisPanelQueryKey = (coinId: number) => [...pairQueriesKey(coinId), 'analysis-panel'] as const;

export function getAnalysisPanelQueryOptions(coinId: number) {
  return queryOptions({ queryKey: analysisPanelQueryKey(coinId), queryFn: () => getAnalysisPanel(coinId) });
}

/** They move with the balances and fills: every 10 s is enough for a panel. */
export function useAnalysisPanel(coinId: number) {
  return useQuery({ ...getAnalysisPanelQueryOptions(coinId), refetchInterval: useRefetchInterval(false, 10_000) });
}
