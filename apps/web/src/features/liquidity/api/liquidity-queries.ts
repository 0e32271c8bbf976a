import { endpoints, type EndpointBody, type LiquidityObligation, type LiquidityReport, type LiquiditySummary } from '@makerdesk/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callFile } from '@/lib/api-client';
import { saveCsvFile } from '@/lib/save-file';

export const liquidityQueryKey = (coinId: number) => ['liquidity', coinId] as const;

/** The pair's obligation, or null when it has none. */
export function getObligation(coinId: number): Promise<LiquidityObligation | null> {
  return call(endpoints.liquidityObligationGet, { query: { coinId } });
}

export function useObligation(coinId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: [...liquidityQueryKey(coinId), 'obligation'], queryFn: () => getObligation(coinId), enabled });
}

export interface LiquidityRange {
  coinId: number;
  from: number;
  to: number;
}

/** The pair's market quality over [from, to). */
export function getLiquiditySummary({ coinId, from, to }: LiquidityRange): Promise<LiquiditySummary> {
  return call(endpoints.liquiditySummary, { query: { coinId, from, to } });
}

/** The server samples once a second and keeps one-minute rows; the ranges move once a minute, the "now" figures refresh more often. */
export function useLiquiditySummary(range: LiquidityRange, { refetchMs = 60_000, enabled = true }: { refetchMs?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...liquidityQueryKey(range.coinId), 'summary', range.from, range.to],
    queryFn: () => getLiquiditySummary(range),
    refetchInterval: refetchMs,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The printable report over [from, to) in one call: the obligation, the period's summary and verdict, and its table's rows. */
export function getLiquidityReport({ coinId, from, to }: LiquidityRange): Promise<LiquidityReport> {
  return call(endpoints.liquidityReport, { query: { coinId, from, to } });
}

export function useLiquidityReport(range: LiquidityRange, { refetchMs = 60_000, enabled = true }: { refetchMs?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...liquidityQueryKey(range.coinId), 'report', range.from, range.to],
    queryFn: () => getLiquidityReport(range),
    refetchInterval: refetchMs,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The range hour by hour as the server's CSV, saved by the browser under the name the server gave it. */
export async function downloadLiquidityReportCsv({ coinId, from, to }: LiquidityRange): Promise<string> {
  return saveCsvFile(await callFile(endpoints.liquidityReportCsv, { query: { coinId, from, to } }), 'liquidity-report.csv');
}

export type ObligationInput = EndpointBody<typeof endpoints.liquidityObligationSet>;

/** Sets the obligation (main account); field errors are shown on the form by the caller. */
export function saveObligation(body: ObligationInput): Promise<LiquidityObligation> {
  return call(endpoints.liquidityObligationSet, { body }, { skipErrorHandler: true });
}

export function useSaveObligation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveObligation,
    onSuccess: (_, { coinId }) => queryClient.invalidateQueries({ queryKey: liquidityQueryKey(Number(coinId)) }),
  });
}
