import { endpoints, type EndpointQuery, type Page, type TradingLog } from '@makerdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { ROBOTS_REFRESH_MS } from './get-robots';

export type TradingLogQuery = EndpointQuery<typeof endpoints.tradingLogList>;

/** The pair's trading log, newest first, paged, filtered by bot, level and time. */
export function getTradingLogs(query: TradingLogQuery): Promise<Page<TradingLog>> {
  return call(endpoints.tradingLogList, { query });
}

export function getTradingLogsQueryOptions(query: TradingLogQuery) {
  return queryOptions({ queryKey: ['robots', query.coinId, 'logs', query], queryFn: () => getTradingLogs(query) });
}

export function useTradingLogs(query: TradingLogQuery) {
  return useQuery({ ...getTradingLogsQueryOptions(query), placeholderData: keepPreviousData, refetchInterval: ROBOTS_REFRESH_MS });
}
