import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LiquidityDepthBand, ServerText } from '@makerdesk/contract';
import type { BandAggregate as LiquidityBandAggregate } from '@makerdesk/engine';

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

/**
 * Forgot-password codes, found by `subject` (a keyed hash of the e-mail). An e-mail without an
 * active account gets a decoy row too (`admin_id` null, a code no one was sent), so sending and
 * checking a code do the same work whether the account exists or not.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_admin_idx').on(t.adminId), index('password_reset_codes_subject_idx').on(t.subject), index('password_reset_codes_expires_idx').on(t.expiresAt)],
);

/**
 * Attempt throttles (services/attempt-throttle.ts): one row per key (a scope and a keyed hash of
 * the account and the client address), shared by every server on the database. `forget_at` is when
 * the row no longer counts, so old rows can be deleted.
 */
export const attemptThrottles = pgTable(
  'attempt_throttles',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
    forgetAt: timestamp('forget_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('attempt_throttles_forget_idx').on(t.forgetAt)],
);

// --- pair administration: platforms gain sandbox + api_base_url; `code` is no
// longer unique alone (binance and binance-on-its-testnet are two platforms), one platform per
// (code, sandbox, api_base_url) instead, nulls not distinct.
export const platforms = pgTable(
  'platforms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** A ccxt exchange id, or `sim` for the built-in simulator. */
    code: text('code').notNull(),
    /** ccxt's sandbox or testnet URLs (`setSandboxMode(true)`) for every session of this platform. */
    sandbox: boolean('sandbox').notNull().default(false),
    /** Every ccxt API call of this platform goes to this base; null: the venue's own URLs. */
    apiBaseUrl: text('api_base_url'),
    /** The platform's WebSocket base (schemas/coin.ts `wsBaseUrl`); null: none. */
    wsBaseUrl: text('ws_base_url'),
  },
  (t) => [unique('platforms_code_mode_unique').on(t.code, t.sandbox, t.apiBaseUrl).nullsNotDistinct()],
);
// --- end pair administration

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
    /** The fat-finger band of manual limit orders, a fraction (0.05 = 5 %). */
    priceBand: numeric('price_band', { precision: 12, scale: 6 }).notNull().default('0.05'),
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
    robotId: integer('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    level: text('level', { enum: ['info', 'warn', 'error'] }).notNull(),
    /**
     * The line's words when it has no text key (a venue's own words; rows before 0016), shown verbatim;
     * null beside a key (0027: the English is rendered from the key, not stored again).
     */
    message: text('message'),
    /** The line as a server text (key and params), rendered in the reader's language. */
    textKey: text('text_key'),
    textParams: jsonb('text_params').$type<Record<string, string | number>>(),
    createdAt: createdAt(),
  },
  (t) => [index('trading_logs_coin_created_idx').on(t.coinId, t.createdAt), index('trading_logs_robot_idx').on(t.robotId, t.id)],
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
    /**
     * sha256 of the API key (as `sim_api_keys` names keys): which credentials hold a key, so the
     * simulator's facade answers a key only while a credential of a live account holds it. Null only
     * on rows from before it, until the start-up indexing fills it in.
     */
    apiKeyHash: text('api_key_hash'),
    secretKeySealed: text('secret_key_sealed').notNull(),
    passphraseSealed: text('passphrase_sealed'),
    memberId: text('member_id'),
    hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  // One key per account and pair, the one the console and the account's bots trade the pair with
  // (the index also serves the lookups by account).
  (t) => [uniqueIndex('credentials_admin_coin_idx').on(t.adminId, t.coinId), index('credentials_api_key_hash_idx').on(t.apiKeyHash)],
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

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money and amounts: exact decimals, never floats (DESIGN §4). */
const money = (name: string) => numeric(name);

/** Bots. `config` was checked against its type's schema when saved; `state` is the strategy's, after its last tick. */
export const robots = pgTable(
  'robots',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    /** The owner's key for the pair when the bot was last saved (CredentialService.materialFor). */
    credentialId: integer('credential_id').references(() => credentials.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['running', 'stopped'] }).notNull().default('stopped'),
    stopReason: text('stop_reason'),
    /** The stop reason as a server text; null for reasons stored before 0016 (they render verbatim). */
    stopReasonText: jsonb('stop_reason_text').$type<{ key: string; params: Record<string, string | number> }>(),
    startMode: text('start_mode', { enum: ['now', 'scheduled'] }).notNull().default('now'),
    startAt: at('start_at'),
    priceMode: text('price_mode', { enum: ['normal', 'safe'] }).notNull().default('normal'),
    description: text('description').notNull().default(''),
    state: jsonb('state').$type<unknown>(),
    startedAt: at('started_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [index('robots_coin_idx').on(t.coinId), index('robots_admin_idx').on(t.adminId), index('robots_running_idx').on(t.id).where(sql`${t.status} = 'running'`)],
);

/** The engine's order journal: every order is written here before the venue call (DESIGN §7). */
export const robotOrders = pgTable(
  'robot_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    robotId: integer('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    clientOrderId: text('client_order_id').notNull().unique(),
    tag: text('tag').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    timeInForce: text('time_in_force', { enum: ['GTC', 'IOC', 'FOK', 'POST_ONLY'] }).notNull(),
    state: text('state', { enum: ['sending', 'unknown', 'open', 'canceling', 'filled', 'canceled', 'rejected'] }).notNull(),
    orderNo: text('order_no'),
    filledAmount: money('filled_amount').notNull().default('0'),
    filledValue: money('filled_value').notNull().default('0'),
    error: text('error'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('robot_orders_live_idx').on(t.robotId).where(sql`${t.state} not in ('filled', 'canceled', 'rejected')`),
    index('robot_orders_robot_created_idx').on(t.robotId, t.createdAt),
    index('robot_orders_final_updated_idx').on(t.updatedAt).where(sql`${t.state} in ('filled', 'canceled', 'rejected')`),
  ],
);

/**
 * The bots' pruned orders (services/retention) folded per bot and UTC day, read by the figures with the
 * remaining rows: placed by the day of creation, filled and cancelled by the day of the last change;
 * first_at..last_at spans the instants counted, so a window counts a day whole or not at all.
 */
export const robotOrderDays = pgTable(
  'robot_order_days',
  {
    robotId: integer('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    placed: integer('placed').notNull().default(0),
    filled: integer('filled').notNull().default(0),
    canceled: integer('canceled').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    filledBase: money('filled_base').notNull().default('0'),
    filledQuote: money('filled_quote').notNull().default('0'),
    firstAt: at('first_at').notNull(),
    lastAt: at('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.robotId, t.day] })],
);

/**
 * The bots' pruned fills (services/retention, MAKERDESK_RETAIN_FILL_DAYS) folded per bot and UTC day of
 * the fill: the sums any window adds (a window counts a day whole or not at all: first_at..last_at),
 * `priceQuote` the sum of price × amount (the analysis's volume), and the position after the day's
 * last fill (by time, then id).
 */
export const robotFillDays = pgTable(
  'robot_fill_days',
  {
    robotId: integer('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    fills: integer('fills').notNull().default(0),
    boughtBase: money('bought_base').notNull().default('0'),
    soldBase: money('sold_base').notNull().default('0'),
    boughtQuote: money('bought_quote').notNull().default('0'),
    soldQuote: money('sold_quote').notNull().default('0'),
    priceQuote: money('price_quote').notNull().default('0'),
    fees: money('fees').notNull().default('0'),
    realised: money('realised').notNull().default('0'),
    firstAt: at('first_at').notNull(),
    lastAt: at('last_at').notNull(),
    positionAfter: money('position_after').notNull(),
    avgCostAfter: money('avg_cost_after'),
  },
  (t) => [primaryKey({ columns: [t.robotId, t.day] })],
);

/**
 * Per bot, the ledger's state after the last fill retention pruned (by the ledger's order, its id): the
 * next fill's position resumes from it when no kept fill follows it. `throughAt`: the latest pruned fill's time.
 */
export const robotFillCheckpoints = pgTable('robot_fill_checkpoints', {
  robotId: integer('robot_id')
    .primaryKey()
    .references(() => robots.id, { onDelete: 'cascade' }),
  lastFillId: bigint('last_fill_id', { mode: 'number' }).notNull(),
  positionAfter: money('position_after').notNull(),
  avgCostAfter: money('avg_cost_after'),
  throughAt: at('through_at').notNull(),
  fills: bigint('fills', { mode: 'number' }).notNull().default(0),
});

/**
 * The bots' fills, each with what the average-cost method made of it (realised P&L, position and
 * average cost after it), so any window's figures are sums and the latest row.
 */
export const robotFills = pgTable(
  'robot_fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    robotId: integer('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    clientOrderId: text('client_order_id').notNull(),
    /** With the client order id, the idempotency key: reconciliation may see the same fill twice. */
    filledAfter: money('filled_after').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    quoteAmount: money('quote_amount').notNull(),
    fee: money('fee').notNull(),
    realizedPnl: money('realized_pnl').notNull(),
    positionAfter: money('position_after').notNull(),
    avgCostAfter: money('avg_cost_after'),
    at: at('at').notNull(),
    /** The venue's order number, copied from the order's row when retention prunes it (the ledger reads the row's while it exists). */
    orderNo: text('order_no'),
  },
  (t) => [
    uniqueIndex('robot_fills_order_filled_idx').on(t.clientOrderId, t.filledAfter),
    index('robot_fills_robot_at_idx').on(t.robotId, t.at),
    index('robot_fills_order_no_idx').on(t.orderNo).where(sql`${t.orderNo} is not null`),
  ],
);

/**
 * The bots' fills past MAKERDESK_RETAIN_FILL_ROW_DAYS, one pack per bot and UTC day of the fill
 * (domain/fill-pack.ts: column-wise, compressed), until MAKERDESK_RETAIN_FILL_DAYS: the ledger's list
 * reads on into them. Their figures are in robot_fill_days and the checkpoints, folded when they were packed.
 */
export const robotFillPacks = pgTable(
  'robot_fill_packs',
  {
    robotId: integer('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    fills: integer('fills').notNull(),
    firstAt: at('first_at').notNull(),
    lastAt: at('last_at').notNull(),
    firstId: bigint('first_id', { mode: 'number' }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    pack: bytea('pack').notNull(),
  },
  (t) => [primaryKey({ columns: [t.robotId, t.day] }), index('robot_fill_packs_last_at_idx').on(t.lastAt)],
);

/** When each bot ran: one row per switch-on (or server start), closed at switch-off or shutdown; uptime is their sum. */
export const robotRuns = pgTable(
  'robot_runs',
  {
    id: serial('id').primaryKey(),
    robotId: integer('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    startedAt: at('started_at').notNull(),
    stoppedAt: at('stopped_at'),
  },
  (t) => [index('robot_runs_robot_idx').on(t.robotId)],
);

// --- Alert channels and alerts: alert_channels, alerts, alert_deliveries ---

/** Where an account's alerts go. `settings` holds the public part (chat id, base URL, webhook URL, e-mail). */
export const alertChannels = pgTable(
  'alert_channels',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['telegram', 'webhook', 'email'] }).notNull(),
    name: text('name').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    settings: jsonb('settings').$type<{ chatId?: string; baseUrl?: string; url?: string; to?: string }>().notNull(),
    /** The bot token or signing secret, AES-256-GCM sealed (security/secret-box.ts); never returned. */
    secretSealed: text('secret_sealed'),
    /** The language its messages are written in (en_US or zh_CN). */
    lang: text('lang', { enum: ['en_US', 'zh_CN'] }).notNull().default('en_US'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [index('alert_channels_admin_idx').on(t.adminId)],
);

/** One alert a monitor (or a test message) raised for a pair. */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    level: text('level', { enum: ['info', 'warn', 'error'] }).notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** The title and text as server texts (rendered in each channel's and reader's language); null: an alert from before, shown as stored. */
    message: jsonb('message').$type<{ title: ServerText; text: ServerText }>(),
    createdAt: createdAt(),
  },
  (t) => [index('alerts_admin_coin_idx').on(t.adminId, t.coinId, t.id)],
);

/**
 * An alert's trip through one channel. Pending rows are the dispatcher's queue: they survive a
 * restart and are resumed at start. The channel's kind and name are kept for when it is deleted.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => alertChannels.id, { onDelete: 'set null' }),
    channelKind: text('channel_kind', { enum: ['telegram', 'webhook', 'email'] }).notNull(),
    channelName: text('channel_name').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    reason: text('reason'),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
    /** The server sending it (several servers on one PostgreSQL): its claim, renewed while it is queued there. */
    claimedBy: text('claimed_by'),
    /** Database time; once passed, another server's sweep takes the pending delivery over. */
    claimedUntil: at('claimed_until'),
  },
  (t) => [index('alert_deliveries_alert_idx').on(t.alertId), index('alert_deliveries_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`)],
);

// ---- Data analysis: balance snapshots, settings and manual fills per account and pair ----

/**
 * The account's balances of a pair, read from its venue once per data-cycle slot (`slot_at`, the
 * slot's start): the unique index is what keeps a restarted or second sweep from taking a slot twice.
 */
export const balanceSnapshots = pgTable(
  'balance_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    /** The key the balances were read with. */
    credentialId: integer('credential_id').references(() => credentials.id, { onDelete: 'set null' }),
    slotAt: at('slot_at').notNull(),
    at: at('at').notNull(),
    baseAvailable: money('base_available').notNull(),
    baseFrozen: money('base_frozen').notNull(),
    quoteAvailable: money('quote_available').notNull(),
    quoteFrozen: money('quote_frozen').notNull(),
    /** The pair's last price when read; null when the venue had none. */
    price: money('price'),
  },
  (t) => [uniqueIndex('balance_snapshots_slot_idx').on(t.adminId, t.coinId, t.slotAt), index('balance_snapshots_at_idx').on(t.adminId, t.coinId, t.at)],
);

/** What the user set on the analysis screen; no row means the defaults (first snapshot, 1 h cycle). */
export const analysisSettings = pgTable(
  'analysis_settings',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    initialFunds: money('initial_funds'),
    initialToken: money('initial_token'),
    cycleHours: integer('cycle_hours').notNull().default(1),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('analysis_settings_admin_coin_idx').on(t.adminId, t.coinId)],
);

/**
 * The account's fills on a pair that no bot made (manual orders, batch orders, trades placed outside
 * MakerDesk), copied from the venue's trade history when a snapshot is taken and when the analysis is
 * read; the bots' own fills are in robot_fills. The venue's trade id keeps a fill from being copied twice.
 */
export const manualFills = pgTable(
  'manual_fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    tradeId: text('trade_id').notNull(),
    orderNo: text('order_no').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    /** The fee as the venue charged it; null on rows copied before it was kept. */
    fee: money('fee'),
    feeAsset: text('fee_asset'),
    /** The fee valued in quote at the fill (a third asset at its price then); null when that price was unknown. */
    feeQuote: money('fee_quote'),
    /** The order's client order id (who placed it: the console or another client of the key); null when unknown. */
    clientOrderId: text('client_order_id'),
    at: at('at').notNull(),
    /** Folded into the pair's replay checkpoint (pair_fill_checkpoints) by a prune of the bots' fills: the analysis's replay resumes after it. */
    checkpointed: boolean('checkpointed').notNull().default(false),
  },
  (t) => [uniqueIndex('manual_fills_trade_idx').on(t.adminId, t.coinId, t.tradeId), index('manual_fills_at_idx').on(t.adminId, t.coinId, t.at)],
);

/**
 * Per account and pair, the analysis's replay of its fills (the bots' and the manual ones merged by time,
 * then bots first, then id) folded up to the last bot fill retention pruned (services/retention): the
 * average-cost position, realised P&L, fees in quote and fills counted there. The replay resumes from it
 * with the bot fills kept and the manual fills not `checkpointed`. `throughAt`: the latest fill folded
 * (a range ending before it cannot start from the row).
 */
export const pairFillCheckpoints = pgTable(
  'pair_fill_checkpoints',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    throughAt: at('through_at').notNull(),
    lastBotFillId: bigint('last_bot_fill_id', { mode: 'number' }).notNull(),
    base: money('base').notNull(),
    avgCost: money('avg_cost'),
    realised: money('realised').notNull().default('0'),
    fees: money('fees').notNull().default('0'),
    trades: bigint('trades', { mode: 'number' }).notNull().default(0),
    botTrades: bigint('bot_trades', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.coinId] })],
);

/**
 * The client order id of a venue order of a pair, as the server learnt it: the console's orders when
 * placed, any other order when looked up once (null: the venue told none). Fills name their order by
 * number only; this attributes them without reading the venue's order history.
 */
export const orderClientIds = pgTable(
  'order_client_ids',
  {
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    clientOrderId: text('client_order_id'),
    learntAt: at('learnt_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.coinId, t.orderNo] })],
);

/** Where the copy of an account's manual fills of a pair stands: the last venue trade passed, and the key read. */
export const manualFillCursors = pgTable(
  'manual_fill_cursors',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    credentialId: integer('credential_id').notNull(),
    tradeId: text('trade_id').notNull(),
    at: at('at').notNull(),
    updatedAt: at('updated_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.coinId] })],
);

// --- several servers on one PostgreSQL: each server is a node with a heartbeat; each
// running bot is run by the node holding its lease; the simulator by the node holding its claim,
// which the others reach at its `url`.
export const clusterNodes = pgTable(
  'cluster_nodes',
  {
    /** Random per process start. */
    id: text('id').primaryKey(),
    /** Where the other servers reach this one (its simulator's internal API); MAKERDESK_ADVERTISE_URL. */
    url: text('url').notNull(),
    /** This node holds the simulator claim and serves it to the others. */
    runsSimulator: boolean('runs_simulator').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    /** Renewed every second or so; a node whose heartbeat is older than the lease time is gone. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
  },
  (t) => [index('cluster_nodes_heartbeat_idx').on(t.heartbeatAt)],
);

export const botLeases = pgTable(
  'bot_leases',
  {
    robotId: integer('robot_id')
      .primaryKey()
      .references(() => robots.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    /** Database time; another node may claim the bot once it has passed. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    /** Counts the hand-overs: a claim by another node increments it. */
    epoch: integer('epoch').notNull().default(1),
  },
  (t) => [index('bot_leases_node_idx').on(t.nodeId), index('bot_leases_expires_idx').on(t.expiresAt)],
);

// --- which master key the database was set up with: a digest made with a key derived from it
// (never the key), checked at every start so a server with another key refuses to start instead of
// failing to read every stored secret and session. One row.
export const masterKeyCheck = pgTable('master_key_check', {
  /** Always 1: one row. */
  id: integer('id').primaryKey().default(1),
  /** HMAC-SHA256 under deriveKey(master, 'key-check'), hex. */
  digest: text('digest').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

/**
 * The incident centre (issue 18 §1): what went wrong on a pair. `adminId` is the account it concerns
 * (the bot's or key's owner, a sub-account's own stop); null: the whole pair (a stop of every bot, a
 * venue down). Title and text are server texts, rendered in the reader's language. An emergency
 * stop halts its pair until a bot of the pair is switched on again (`clearedAt`).
 */
export const incidents = pgTable(
  'incidents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    /** Who acted (the account that pressed the stop), when a person did. */
    actorAdminId: integer('actor_admin_id').references(() => admins.id, { onDelete: 'set null' }),
    level: text('level', { enum: ['info', 'warn', 'error'] }).notNull(),
    kind: text('kind', { enum: ['monitor_alert', 'emergency_stop', 'bot_stopped', 'key_throttled', 'venue_down', 'venue_up', 'stream_down', 'stream_up', 'key_refused', 'obligation_breach', 'obligation_recovered', 'obligation_at_risk'] }).notNull(),
    title: jsonb('title').$type<ServerText>().notNull(),
    text: jsonb('text').$type<ServerText>().notNull(),
    /** Figures of the kind (an emergency stop: by, ordersCancelled, botsStopped). */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    clearedAt: at('cleared_at'),
    createdAt: createdAt(),
  },
  (t) => [index('incidents_coin_idx').on(t.coinId, t.id)],
);

/** When each account read an incident; no row: unread. */
export const incidentReads = pgTable(
  'incident_reads',
  {
    incidentId: bigint('incident_id', { mode: 'number' })
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    readAt: at('read_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.incidentId, t.adminId] }), index('incident_reads_admin_idx').on(t.adminId, t.incidentId)],
);

/**
 * The name of each migration drizzle records (drizzle keeps only its journal time, `created_at`, and
 * hash): written by the server after migrating, read by an older server that refuses a database a
 * newer version migrated, to say which migration that was (migration 0020, db/migration-guard.ts).
 */
export const migrationNames = pgTable('migration_names', {
  createdAt: bigint('created_at', { mode: 'number' }).primaryKey(),
  tag: text('tag').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

/** Issue 20: a pair's liquidity obligation (one per pair, set by the main account). */
export const liquidityObligations = pgTable('liquidity_obligations', {
  coinId: integer('coin_id')
    .primaryKey()
    .references(() => coins.id, { onDelete: 'cascade' }),
  maxSpreadBps: numeric('max_spread_bps', { precision: 6, scale: 1 }).notNull(),
  depthWithinPct: text('depth_within_pct', { enum: ['0.5', '1', '2', '5'] }).notNull(),
  minDepthQuote: numeric('min_depth_quote', { precision: 30, scale: 8 }).notNull(),
  minUptimePct: numeric('min_uptime_pct', { precision: 5, scale: 2 }).notNull(),
  period: text('period', { enum: ['day', 'month'] }).notNull(),
  /** The hours of the UTC day it applies: [from, to), 0 and 24 all day (migration 0024). */
  fromHourUtc: smallint('from_hour_utc').notNull().default(0),
  toHourUtc: smallint('to_hour_utc').notNull().default(24),
  updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

/** Issue 20: one pair's market quality over one minute (the engine's LiquidityMinute). */
export const liquidityMinutes = pgTable(
  'liquidity_minutes',
  {
    coinId: integer('coin_id')
      .notNull()
      .references(() => coins.id, { onDelete: 'cascade' }),
    /** The minute's start, epoch ms. */
    minute: bigint('minute', { mode: 'number' }).notNull(),
    samples: smallint('samples').notNull(),
    upSec: smallint('up_sec').notNull(),
    noQuoteSec: smallint('no_quote_sec').notNull(),
    spreadSec: smallint('spread_sec').notNull(),
    depthSec: smallint('depth_sec').notNull(),
    gapSec: smallint('gap_sec').notNull(),
    oneSidedSec: smallint('one_sided_sec').notNull(),
    spreadHist: jsonb('spread_hist').$type<Record<string, number>>().notNull(),
    spreadP50: numeric('spread_p50', { precision: 12, scale: 1 }),
    spreadP95: numeric('spread_p95', { precision: 12, scale: 1 }),
    depth: jsonb('depth').$type<Record<LiquidityDepthBand, LiquidityBandAggregate>>().notNull(),
    volumeQuote: numeric('volume_quote').notNull().default('0'),
    ownVolumeQuote: numeric('own_volume_quote').notNull().default('0'),
    ordersPlaced: integer('orders_placed').notNull().default(0),
    fills: integer('fills').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'liquidity_minutes_pk', columns: [t.coinId, t.minute] })],
);
