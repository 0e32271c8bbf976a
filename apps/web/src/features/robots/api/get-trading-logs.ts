import { endpoints, type EndpointQuery, type Page, type TradingLog } from '@makerdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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

/** The lines are rendered in the request's language: the language is part of the key, so a switch reads them again at once. */
export function useTradingLogs(query: TradingLogQuery) {
  const { i18n } = useTranslation();
  const options = getTradingLogsQueryOptions(query);
  return useQuery({ ...options, queryKey: [...options.queryKey, i18n.language], placeholderData: keepPreviousData, refetchInterval: ROBOTS_REFRESH_MS });
}
