import { endpoints, type EndpointQuery, type LoginLog, type Page } from '@makerdesk/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-client';

export type LoginLogQuery = EndpointQuery<typeof endpoints.loginLogList>;

/** Sign-ins of every account, newest first (main account only). */
export function getLoginLogs(query: LoginLogQuery): Promise<Page<LoginLog>> {
  return call(endpoints.loginLogList, { query });
}

export function getLoginLogsQueryOptions(query: LoginLogQuery) {
  return queryOptions({ queryKey: ['login-logs', query], queryFn: () => getLoginLogs(query), staleTime: 0 });
}

/** ProTable's `request` through the query cache. */
export function useLoginLogsTableRequest() {
  const queryClient = useQueryClient();
  return useCallback(
    async (params: { current?: number; pageSize?: number; account?: string }) => {
      const page = await queryClient.fetchQuery(
        getLoginLogsQueryOptions({
          current: params.current ?? 1,
          pageSize: params.pageSize ?? 20,
          account: params.account?.trim() || undefined,
        }),
      );
      return { data: page.list, total: page.total, success: true };
    },
    [queryClient],
  );
}
