import { accountRoles, accountStatuses, type AccountRole } from '@makerdesk/contract';
import type { TFunction } from 'i18next';

export function roleOptions(t: TFunction<'users'>) {
  return accountRoles.map((role) => ({ value: role, label: t(`role.${role}`) }));
}

export function statusOptions(t: TFunction<'users'>) {
  return accountStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }));
}

/** Roles outside the known list (set by a newer server) show as stored. */
export function roleLabel(role: string, t: TFunction<'users'>): string {
  return (accountRoles as readonly string[]).includes(role) ? t(`role.${role as AccountRole}`) : role;
}
