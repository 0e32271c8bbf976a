import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { and, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { admins } from '../db/schema.ts';
import type { AdminRow } from '../domain/account.ts';
import { containsPattern, type PageWindow, type RowPage } from './query-kit.ts';

export type NewAdmin = Pick<AdminRow, 'account' | 'passwordHash' | 'role' | 'employeeName' | 'mainAccountId'>;
export type AdminChanges = Partial<Pick<AdminRow, 'passwordHash' | 'role' | 'employeeName' | 'status' | 'updatedAt' | 'lastLoginAt'>>;

export interface AdminFilter {
  /** Part of the account's e-mail, case-insensitive. */
  account?: string | undefined;
  status?: AdminRow['status'] | undefined;
}

export class AdminRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.id, id));
    return row;
  }

  async findByAccount(account: string): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.account, account));
    return row;
  }

  async findMainAccount(): Promise<AdminRow | undefined> {
    const [row] = await this.db.select().from(admins).where(eq(admins.mainAccountId, MAIN_ACCOUNT)).orderBy(admins.id).limit(1);
    return row;
  }

  async list(filter: AdminFilter, window: PageWindow): Promise<RowPage<AdminRow>> {
    const conditions: SQL[] = [];
    if (filter.account) conditions.push(ilike(admins.account, containsPattern(filter.account)));
    if (filter.status) conditions.push(eq(admins.status, filter.status));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db.select().from(admins).where(where).orderBy(admins.id).limit(window.limit).offset(window.offset),
      this.db.select({ n: count() }).from(admins).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Undefined when the account (e-mail) is already registered. */
  async insert(admin: NewAdmin): Promise<AdminRow | undefined> {
    const [row] = await this.db.insert(admins).values(admin).onConflictDoNothing({ target: admins.account }).returning();
    return row;
  }

  /** Undefined when there is no such account. */
  async update(id: number, changes: AdminChanges): Promise<AdminRow | undefined> {
    const [row] = await this.db.update(admins).set(changes).where(eq(admins.id, id)).returning();
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(admins).where(eq(admins.id, id));
  }
}
