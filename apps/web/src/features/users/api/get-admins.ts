import { endpoints, type AccountStatus, type AdminUser, type EndpointQuery, type Page } from '@makerdesk/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-client';

export type AdminListQuery = EndpointQuery<typeof endpoints.adminList>;

/** Accounts page by page (main account only). */
export function getAdmins(query: AdminListQuery): Promise<Page<AdminUser>> {
  return call(endpoints.adminList, { query });
}

export function getAdminsQueryOptions(query: AdminListQuery) {
  return queryOptions({ queryKey: ['admins', query], queryFn: () => getAdmins(query), staleTime: 0 });
}

/** ProTable's `request`: its search and paging parameters in, rows and total out, through the query cache. */
export function useAdminsTableRequest() {
  const queryClient = useQueryClient();
  return useCallback(
    async (params: { current?: number; pageSize?: number; account?: string; status?: AccountStatus }) => {
      const page = await queryClient.fetchQuery(
        getAdminsQueryOptions({
          current: params.current ?? 1,
          pageSize: params.pageSize ?? 20,
          account: params.account?.trim() || undefined,
          status: params.status,
        }),
      );
      return { data: page.list, total: page.total, success: true };
    },
    [queryClient],
  );
}
