import { resolve } from 'node:path';
import { z } from 'zod';
import { isTrustedProxyEntry, splitTrustedProxies } from './security/client-address.ts';
import { parseAllowList, type OutboundAllowList } from './outbound/allow-list.ts';
import { parseBinanceLimits, type BinanceLimits } from '@makerdesk/exchange/binance-facade';

/** A retention in whole days, 1 to 3650 (ten years). */
function retentionDays(fallback: number) {
  return wholeDays().default(fallback);
}
function wholeDays() {
  const message = 'must be a whole number of days between 1 and 3650';
  return z.coerce.number({ message }).int({ message }).min(1, { message }).max(3650, { message });
}
/** Days a fill stays a row before it is packed: 30, or the ledger's retention when that is shorter. */
const DEFAULT_FILL_ROW_DAYS = 30;
/** The longest drain: a service manager's stop timeout (deploy/makerdesk.service) must exceed it. */
export const MAX_DRAIN_MS = 120_000;

/** Every setting comes from the environment (README "Settings" table); bad values stop the start with a clear message. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  MAKERDESK_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  MAKERDESK_MASTER_KEY: z.string().optional(),
  MAKERDESK_ADMIN_PASSWORD: z.string().min(8).max(16).optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('MakerDesk <no-reply@makerdesk.local>'),
  MAKERDESK_WEB_DIST: z.string().optional(),
  MAKERDESK_SIM_SEED: z.coerce.number().int().min(0).max(2 ** 32 - 1).default(20261123),
  MAKERDESK_METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  MAKERDESK_ALERT_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  MAKERDESK_ALERT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  MAKERDESK_ALERT_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  MAKERDESK_TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform(splitTrustedProxies)
    .refine((entries) => entries.every(isTrustedProxyEntry), {
      message: 'must be a comma-separated list of IP addresses, CIDR blocks (10.0.0.0/8) or loopback, linklocal, uniquelocal',
    }),
  MAKERDESK_OUTBOUND_ALLOW: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseAllowList(value);
      if (parsed.ok) return parsed.list;
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of IP addresses and CIDR blocks (e.g. 127.0.0.1/32,10.0.0.0/8,fd00::/8); not one: ${parsed.bad.map((b) => JSON.stringify(b)).join(', ')}`,
      });
      return z.NEVER;
    }),
  MAKERDESK_ADVERTISE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, { message: 'must be an http:// or https:// URL' })
    .optional(),
  MAKERDESK_SIM_BINANCE_LIMITS: z
    .string()
    .default('on')
    .transform((value, ctx) => {
      try {
        return parseBinanceLimits(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  // Retention (services/retention, domain/retention.ts RETENTION_DEFAULTS): days each kind of data is kept; the bots' orders are folded into daily aggregates first.
  MAKERDESK_RETAIN_CANCELLED_DAYS: retentionDays(3),
  MAKERDESK_RETAIN_FILLED_ORDER_DAYS: retentionDays(30),
  MAKERDESK_RETAIN_LOG_DAYS: retentionDays(90),
  MAKERDESK_RETAIN_INCIDENT_DAYS: retentionDays(90),
  MAKERDESK_RETAIN_FILL_DAYS: retentionDays(400),
  MAKERDESK_RETAIN_FILL_ROW_DAYS: wholeDays().optional(),
  MAKERDESK_RETENTION_INTERVAL_MINUTES: z.coerce
    .number({ message: 'must be a whole number of minutes' })
    .int({ message: 'must be a whole number of minutes' })
    .min(1, { message: 'must be between 1 and 1440 minutes' })
    .max(1440, { message: 'must be between 1 and 1440 minutes' })
    .default(60),
  MAKERDESK_DRAIN_MS: z.coerce.number().int().min(0).max(MAX_DRAIN_MS).default(5000),
  MAKERDESK_LIQUIDITY_SAMPLING: z.enum(['on', 'off'], { message: "must be 'on' or 'off'" }).default('on'),
  MAKERDESK_OBLIGATION_BREACH_MINUTES: z.coerce
    .number({ message: 'must be a whole number of minutes' })
    .int({ message: 'must be a whole number of minutes' })
    .min(1, { message: 'must be between 1 and 1440 minutes' })
    .max(1440, { message: 'must be between 1 and 1440 minutes' })
    .default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  masterKey: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  webDist: string;
  logLevel: string;
  /** Seeds the simulator's background market on its first start (later starts resume the snapshot). */
  simSeed: number;
  /** Lets a scraper on another host read /backend/metrics with this bearer token; without it, loopback only. */
  metricsToken: string | undefined;
  /** Alert delivery pacing (alerts/delivery-policy.ts): least gap per channel, attempts, first back-off. */
  alerts: { minIntervalMs: number; maxAttempts: number; backoffBaseMs: number };
  /**
   * Proxies whose X-Forwarded-For names the client (addresses, CIDR blocks, proxy-addr's range
   * names); empty: the header is ignored and the client is the connection's peer.
   */
  trustedProxies: string[];
  /**
   * Where the other servers on the database reach this one (its simulator's internal API), kept in
   * `cluster_nodes.url`; unset: derived from HOST and the bound port (`advertiseUrl`).
   */
  advertiseUrl: string | undefined;
  /**
   * The non-public destinations (this machine, private networks) users' outbound calls may reach:
   * alert deliveries and custom platform API bases. Empty: public addresses only.
   */
  outboundAllow: OutboundAllowList;
  /**
   * The limits the simulator's Binance API (/sim/binance) reports and enforces: request weight per
   * IP per minute, new orders per account per 10 s and per day. Binance's published numbers by default.
   */
  simBinanceLimits: BinanceLimits;
  /** How long each kind of data is kept (MAKERDESK_RETAIN_*), and how often the retention job runs. */
  retention: { cancelledOrderDays: number; filledOrderDays: number; tradingLogDays: number; incidentDays: number; fillDays: number; fillRowDays: number; intervalMs: number };
  /**
   * How long a stopping server (SIGTERM, SIGINT) keeps serving after its readiness probe turned 503
   * (`server: draining`), so a load balancer takes it out of rotation before it closes; 0: at once.
   */
  drainMs: number;
  /** Whether the server measures its simulator pairs' market quality every second (issue 20; MAKERDESK_LIQUIDITY_SAMPLING). */
  liquiditySampling: boolean;
  /**
   * The obligation monitor's N (issue 20 part 4; MAKERDESK_OBLIGATION_BREACH_MINUTES): breached
   * minutes in a row that raise a breach of a pair's liquidity obligation, kept minutes in a row that end it.
   */
  obligationBreachMinutes: number;
}

export class ConfigError extends Error {}

/** The names of every setting loadConfig reads (deploy/makerdesk.env.example lists exactly these). */
export const settingNames: readonly string[] = Object.keys(envSchema.shape);

const defaultWebDist = new URL('../../web/dist', import.meta.url).pathname;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.MAKERDESK_RETAIN_FILL_ROW_DAYS !== undefined && e.MAKERDESK_RETAIN_FILL_ROW_DAYS > e.MAKERDESK_RETAIN_FILL_DAYS) {
    throw new ConfigError(
      `Invalid settings:\n  MAKERDESK_RETAIN_FILL_ROW_DAYS: must be at most MAKERDESK_RETAIN_FILL_DAYS (${e.MAKERDESK_RETAIN_FILL_DAYS}): a fill stays a row, then packed, within the ledger's retention`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.MAKERDESK_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    masterKey: e.MAKERDESK_MASTER_KEY,
    adminPassword: e.MAKERDESK_ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    webDist: resolve(e.MAKERDESK_WEB_DIST ?? defaultWebDist),
    logLevel: e.LOG_LEVEL,
    simSeed: e.MAKERDESK_SIM_SEED,
    metricsToken: e.MAKERDESK_METRICS_TOKEN,
    alerts: { minIntervalMs: e.MAKERDESK_ALERT_MIN_INTERVAL_MS, maxAttempts: e.MAKERDESK_ALERT_MAX_ATTEMPTS, backoffBaseMs: e.MAKERDESK_ALERT_BACKOFF_MS },
    trustedProxies: e.MAKERDESK_TRUSTED_PROXIES,
    advertiseUrl: e.MAKERDESK_ADVERTISE_URL?.replace(/\/+$/, ''),
    outboundAllow: e.MAKERDESK_OUTBOUND_ALLOW,
    simBinanceLimits: e.MAKERDESK_SIM_BINANCE_LIMITS,
    retention: {
      cancelledOrderDays: e.MAKERDESK_RETAIN_CANCELLED_DAYS,
      filledOrderDays: e.MAKERDESK_RETAIN_FILLED_ORDER_DAYS,
      tradingLogDays: e.MAKERDESK_RETAIN_LOG_DAYS,
      incidentDays: e.MAKERDESK_RETAIN_INCIDENT_DAYS,
      fillDays: e.MAKERDESK_RETAIN_FILL_DAYS,
      fillRowDays: e.MAKERDESK_RETAIN_FILL_ROW_DAYS ?? Math.min(DEFAULT_FILL_ROW_DAYS, e.MAKERDESK_RETAIN_FILL_DAYS),
      intervalMs: e.MAKERDESK_RETENTION_INTERVAL_MINUTES * 60_000,
    },
    drainMs: e.MAKERDESK_DRAIN_MS,
    liquiditySampling: e.MAKERDESK_LIQUIDITY_SAMPLING === 'on',
    obligationBreachMinutes: e.MAKERDESK_OBLIGATION_BREACH_MINUTES,
  };
}

const LOOPBACK_OR_ANY = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/**
 * This server's URL for the others: MAKERDESK_ADVERTISE_URL, else `http://127.0.0.1:<port>` when it
 * listens on every address or on loopback (the others run on this machine), else its HOST.
 */
export function advertiseUrl(config: Pick<Config, 'advertiseUrl' | 'host'>, port: number): string {
  if (config.advertiseUrl) return config.advertiseUrl;
  const host = LOOPBACK_OR_ANY.has(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
