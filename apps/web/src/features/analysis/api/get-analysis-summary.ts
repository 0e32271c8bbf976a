import { endpoints, type AnalysisSummary } from '@makerdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export interface AnalysisRange {
  coinId: number;
  from: number;
  to: number;
}

/** The pair's analysis over a time range: settings, changes, P&L, position cost and the charts' series. */
export function getAnalysisSummary({ coinId, from, to }: AnalysisRange): Promise<AnalysisSummary> {
  return call(endpoints.analysisSummary, { query: { coinId, from, to } });
}

export const analysisQueryKey = (coinId: number) => ['analysis', coinId] as const;

export function getAnalysisSummaryQueryOptions(range: AnalysisRange) {
  return queryOptions({ queryKey: [...analysisQueryKey(range.coinId), 'summary', range.from, range.to], queryFn: () => getAnalysisSummary(range) });
}

/** Snapshots come once a data cycle; a minute is plenty. The previous range stays on screen while another loads. */
export function useAnalysisSummary(range: AnalysisRange) {
  return useQuery({ ...getAnalysisSummaryQueryOptions(range), refetchInterval: 60_000, placeholderData: keepPreviousData });
}
