import type { AdminUser } from '@makerdesk/contract';
import type { AdminRow } from '../domain/account.ts';

/** The wire form of an account: never the password hash. */
export function toAdminUser(row: AdminRow): AdminUser {
  return {
    id: row.id,
    account: row.account,
    role: row.role,
    employeeName: row.employeeName,
    mainAccountId: row.mainAccountId,
    status: row.status,
    createdAt: row.createdAt.getTime(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.getTime() : null,
  };
}
