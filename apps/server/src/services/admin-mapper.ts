import type { AdminUser } from '@makerdesk/contract';
import type { admins } from '../db/schema.ts';

export type AdminRow = typeof admins.$inferSelect;

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
