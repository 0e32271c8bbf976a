import { endpoints, type AccountPermission } from '@makerdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The pairs bound to one account (main account only). */
export function getAccountPermissions(adminId: number): Promise<AccountPermission[]> {
  return call(endpoints.accountPermissionsList, { query: { adminId } });
}

export const accountPermissionsQueryKey = (adminId: number) => ['account-permissions', adminId] as const;

export function getAccountPermissionsQueryOptions(adminId: number) {
  return queryOptions({ queryKey: accountPermissionsQueryKey(adminId), queryFn: () => getAccountPermissions(adminId) });
}

export function useAccountPermissions(adminId: number | undefined) {
  return useQuery({ ...getAccountPermissionsQueryOptions(adminId ?? 0), enabled: adminId !== undefined });
}
