import type { admins } from '../db/schema.ts';

/** An account as stored (the password hash included: never sent to a client). */
export type AdminRow = typeof admins.$inferSelect;

/** The caller a verified session stands for. */
export interface Principal {
  admin: AdminRow;
  sessionId: string;
}
