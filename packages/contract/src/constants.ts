/** Business constants and limits of spec §9 and §2. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;
export const EXPIRY_WARNING_MINUTES = 4320;
export const PRICE_GAP_CONFIRM_RATIO = 0.05;
export const TRAILING_CALLBACK = { min: 0.1, max: 100 } as const;
export const COPY_TRADE_INTRO = { min: 1, max: 500 } as const;
export const COPY_TRADE_SOCIAL = { min: 1, max: 50 } as const;

/** The largest id of any record: ids are PostgreSQL `integer` columns. */
export const ID_MAX = 2_147_483_647;

/**
 * The live socket (`/backend/ws`): a socket that has not authenticated this long after it opened is
 * closed; one server holds at most this many sockets of one account (a console tab holds one, a
 * desk a few tabs and devices) and of one client address (an IPv6 address by its /64, as sign-in
 * throttles count it; an office behind one address holds several accounts' sockets).
 */
export const LIVE_SOCKET_AUTH_TIMEOUT_MS = 10_000;
export const LIVE_SOCKETS_PER_ACCOUNT = 20;
export const LIVE_SOCKETS_PER_ADDRESS = 60;

/** How the live socket closes, and why (the reason text says the same in words). */
export const LIVE_SOCKET_CLOSE = {
  /** A message that is not one of the contract's: a client bug, not worth a retry. */
  badMessage: 4400,
  /** The session is gone or never was: sign in again, do not retry. */
  unauthorized: 4401,
  /** No authentication within LIVE_SOCKET_AUTH_TIMEOUT_MS. */
  authTimeout: 4408,
  /** Too many sockets of the account or the address on this server: retry later, with backoff. */
  tooMany: 4429,
} as const;

/** Alert channels one account may hold: a desk's chats, hooks and mailboxes, not an unbounded list. */
export const ALERT_CHANNELS_PER_ACCOUNT = 20;

export const MAIN_ACCOUNT = 1;
export const RESTRICTED_ACCOUNT = 2;

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const VERIFICATION_RESEND_SECONDS = 60;

export const layout = {
  siderWidth: 208,
  siderCollapsedWidth: 48,
  headerHeight: 48,
  mobileMaxWidth: 768,
  resizeDebounceMs: 300,
  loadingPaddingTop: 100,
  footerToolbarHeight: 48,
  footerToolbarMargin: 24,
  menuInlineIndent: 24,
  subMenuDelaySeconds: 0.1,
  settingDrawerWidth: 300,
} as const;

export const breakpoints = { xs: 575, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600, xxxl: 2000 } as const;

export const feedback = {
  messageSeconds: 3,
  notificationSeconds: 4.5,
  top: 24,
} as const;

export const progressBar = { trickleSpeed: 200, minimum: 0.3, showSpinner: false } as const;

export const DEFAULT_THEME_COLOR = '#722ed1';
export const THEME_STORAGE_KEY = 'local_theme';

/** The settings drawer's named presets (antd's preset palettes). */
export const themePresets = [
  { key: 'daybreak', color: '#1890ff' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
] as const;

/** The top bar picker's palette, with a random pick. */
export const pickerPalette = {
  red: '#f5222d',
  volcano: '#fa541c',
  orange: '#fa8c16',
  lime: '#a0d911',
  cyan: '#13c2c2',
  blue: '#1677ff',
  purple: '#722ed1',
  magenta: '#eb2f96',
  gold: '#faad14',
  green: '#52c41a',
} as const;

export const DEFAULT_ICON_COLOR = '#333';

/** Browser storage keys of the console's client state (spec §3). */
export const storageKeys = {
  language: 'makerdesk_lang',
  token: 'makerdesk_token',
  currentPairName: 'makerdesk_pair_name',
  currentPairId: 'makerdesk_pair_id',
  userInfo: 'makerdesk_user_info',
  apiKeyInfo: 'makerdesk_api_key_info',
  session: 'makerdesk_session',
} as const;

/** Bots: a scheduled start is at least 1 minute ahead; a smart sell/buy target date at least 60 minutes after its start (spec §5). */
export const SCHEDULED_START_MIN_MINUTES = 1;
export const SMART_TARGET_MIN_MINUTES = 60;
/** A bot that fails this many ticks in a row stops itself. */
export const BOT_MAX_CONSECUTIVE_FAILURES = 10;
/** Graceful shutdown cancels the quoting bots' resting orders within this time. */
export const BOT_SHUTDOWN_CANCEL_MS = 10_000;

/** Data analysis (spec §3): the data cycle in whole hours, its default, and the longest time range a call reads. */
export const ANALYSIS_CYCLE_HOURS_MIN = 1;
export const ANALYSIS_CYCLE_HOURS_MAX = 168;
export const ANALYSIS_CYCLE_HOURS_DEFAULT = 1;
export const ANALYSIS_RANGE_MAX_DAYS = 366;
/** The longest time range one fills-ledger request (and its CSV) may cover. */
export const DESK_FILLS_RANGE_MAX_DAYS = 366;
/** Most rows in one fills CSV download. */
export const DESK_FILLS_CSV_MAX_ROWS = 100_000;
/** The range a call reads when it names none: the last 7 days. */
export const ANALYSIS_RANGE_DEFAULT_DAYS = 7;
