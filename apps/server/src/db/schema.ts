import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`);

export const admins = pgTable('admins', {
  id: serial('id').primaryKey(),
  account: text('account').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  employeeName: text('employee_name').notNull(),
  mainAccountId: integer('main_account_id').notNull(),
  status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
});

export const loginLogs = pgTable(
  'login_logs',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    account: text('account').notNull(),
    loginTime: timestamp('login_time', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    loginIp: text('login_ip').notNull(),
    logoutTime: timestamp('logout_time', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
  },
  (t) => [index('login_logs_login_time_idx').on(t.loginTime)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    loginLogId: integer('login_log_id').references(() => loginLogs.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_admin_idx').on(t.adminId)],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_admin_idx').on(t.adminId)],
);

export const platforms = pgTable('platforms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
});

export const coins = pgTable(
  'coins',
  {
    id: serial('id').primaryKey(),
    coinName: text('coin_name').notNull(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    marketKind: text('market_kind', { enum: ['spot', 'usdt_margined', 'coin_margined'] }).notNull().default('spot'),
    endTimeStamp: bigint('end_time_stamp', { mode: 'number' }),
    status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coins_platform_name_idx').on(t.platformId, t.coinName)],
);

export const accountPermissions = pgTable(
  'account_permissions',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_permissions_admin_coin_idx').on(t.adminId, t.coinId)],
);

export const tradingLogs = pgTable(
  'trading_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    robotId: integer('robot_id'),
    level: text('level', { enum: ['info', 'warn', 'error'] }).notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('trading_logs_coin_created_idx').on(t.coinId, t.createdAt)],
);

export const credentials = pgTable(
  'credentials',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    /** AES-256-GCM sealed (security/secret-box.ts); never returned. */
    apiKeySealed: text('api_key_sealed').notNull(),
    secretKeySealed: text('secret_key_sealed').notNull(),
    passphraseSealed: text('passphrase_sealed'),
    memberId: text('member_id'),
    hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (t) => [index('credentials_admin_idx').on(t.adminId)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The simulated exchange's last snapshot (one row, zlib-deflated JSON: a tenth of the bytes to
 * write; a row from before the journal holds plain JSON), and the last journal sequence number it
 * includes.
 */
export const simState = pgTable('sim_state', {
  id: integer('id').primaryKey(),
  snapshot: bytea('snapshot').notNull(),
  journalSeq: bigint('journal_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

/**
 * The simulator's commands since its snapshot, one row per group commit: the JSON array of the
 * commands numbered first_seq..last_seq, zlib-deflated (about 20 times smaller: a busy venue's
 * writes cost what they weigh). Compaction folds them into a new snapshot.
 */
export const simJournal = pgTable('sim_journal', {
  firstSeq: bigint('first_seq', { mode: 'number' }).primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  commands: bytea('commands').notNull(),
  writtenAt: createdAt(),
});

/** Simulator state this version could not read, kept aside (never deleted) when the simulator started afresh. */
export const simDiscarded = pgTable('sim_discarded', {
  id: serial('id').primaryKey(),
  reason: text('reason').notNull(),
  snapshot: text('snapshot'),
  journal: text('journal').notNull(),
  discardedAt: createdAt(),
});

/** Keys registered with the simulator, so its Binance-compatible facade can check HMAC signatures. */
export const simApiKeys = pgTable('sim_api_keys', {
  /** sha256 of the API key: looked up by key, never stored in clear. */
  apiKeyHash: text('api_key_hash').primaryKey(),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: createdAt(),
});
