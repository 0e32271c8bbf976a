import { endpoints, type AdminUser } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function getAdmin(id: number): Promise<AdminUser> {
  return call(endpoints.getAdmin, { params: { id } });
}

export function getAdminQueryOptions(id: number) {
  return queryOptions({ queryKey: ['admin', id], queryFn: () => getAdmin(id) });
}

export function useAdmin(id: number | undefined) {
  return useQuery({ ...getAdminQueryOptions(id ?? 0), enabled: id !== undefined });
}
