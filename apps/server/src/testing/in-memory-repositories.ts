import { MAIN_ACCOUNT } from '@makerdesk/contract';
import { compare, parse } from '@makerdesk/decimal';
import {
  FINAL_JOURNAL_STATES,
  positionOf,
  summarizeFills,
  type JournalOrder,
  type LedgerRow,
  type Position,
} from '@makerdesk/engine';
import type { AdminRow } from '../domain/account.ts';
import type { AlertChannelRow, AlertDeliveryRow, AlertRecord, AlertRow } from '../repositories/alert.repository.ts';
import type { CoinRow, PermissionRow } from '../repositories/coin.repository.ts';
import { PairKeyTakenError, type CredentialRecord, type CredentialRow } from '../repositories/credential.repository.ts';
import type { ResetCodeRow } from '../repositories/password-reset.repository.ts';
import type { ThrottleRow } from '../repositories/throttle.repository.ts';
import { ledgerRow } from '../repositories/robot-journal.repository.ts';
import { toRobotRecord, type RobotListRow, type RobotRow } from '../repositories/robot.repository.ts';
import type { PlatformRow } from '../repositories/platform.repository.ts';
import type { PageWindow, RowPage } from '../repositories/query-kit.ts';
import type { Repositories } from '../repositories/repositories.ts';
import type { LoginLogRow, SessionRow } from '../repositories/session.repository.ts';
import { tradingLogColumns, type NewTradingLog, type TradingLogRow } from '../repositories/trading-log.repository.ts';

/** The rows an in-memory fake holds; tests arrange and inspect them directly. */
export interface InMemoryTables {
  admins: AdminRow[];
  sessions: SessionRow[];
  loginLogs: LoginLogRow[];
  resetCodes: ResetCodeRow[];
  throttles: ThrottleRow[];
  platforms: PlatformRow[];
  coins: CoinRow[];
  permissions: PermissionRow[];
  credentials: CredentialRow[];
  tradingLogs: TradingLogRow[];
  simKeys: { apiKeyHash: string; secretSealed: string }[];
  robots: RobotRow[];
  robotOrders: JournalOrder[];
  robotFills: (LedgerRow & { id: number; robotId: number; clientOrderId: string; filledAfter: string })[];
  robotRuns: { id: number; robotId: number; startedAt: Date; stoppedAt: Date | null }[];
  alertChannels: AlertChannelRow[];
  alerts: AlertRow[];
  alertDeliveries: AlertDeliveryRow[];
}

export interface InMemoryRepositories {
  repos: Repositories;
  tables: InMemoryTables;
  /** How many units of work committed, and how many rolled back. */
  transactions: { committed: number; rolledBack: number };
  /** Set to make the database unreachable: every ping rejects. */
  down: boolean;
}

function emptyTables(): InMemoryTables {
  return {
    admins: [],
    sessions: [],
    loginLogs: [],
    resetCodes: [],
    throttles: [],
    platforms: [],
    coins: [],
    permissions: [],
    credentials: [],
    tradingLogs: [],
    simKeys: [],
    robots: [],
    robotOrders: [],
    robotFills: [],
    robotRuns: [],
    alertChannels: [],
    alerts: [],
    alertDeliveries: [],
  };
}

function page<T>(rows: T[], window: PageWindow): RowPage<T> {
  return { rows: rows.slice(window.offset, window.offset + window.limit), total: rows.length };
}

function contains(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

/**
 * Repositories over plain arrays, for service tests: they answer as the SQL ones do (ordering,
 * filters, cascades, idempotence), and a transaction that throws puts every table back as it was.
 */
export function createInMemoryRepositories(now: () => Date = () => new Date()): InMemoryRepositories {
  const fake: Omit<InMemoryRepositories, 'repos'> = { tables: emptyTables(), transactions: { committed: 0, rolledBack: 0 }, down: false };
  let lastId = 0;
  const nextId = () => ++lastId;
  const claimEnd = (claim: { ms: number }) => new Date(now().getTime() + claim.ms);
  /** A trading-log line stored as the SQL repository stores it (no English beside a key). */
  const appendLog = (entry: NewTradingLog): TradingLogRow => {
    const { coinId, adminId, robotId, level, message, textKey, textParams } = tradingLogColumns(entry);
    const row: TradingLogRow = { id: nextId(), coinId, adminId: adminId ?? null, robotId: robotId ?? null, level, message: message ?? null, textKey: textKey ?? null, textParams: textParams ?? null, createdAt: entry.createdAt ?? now() };
    fake.tables.tradingLogs.push(row);
    return row;
  };

  const record = (row: CredentialRow): CredentialRecord => ({
    ...row,
    coinName: fake.tables.coins.find((c) => c.id === row.coinId)?.coinName ?? '',
    platformCode: fake.tables.platforms.find((p) => p.id === row.platformId)?.code ?? '',
    platformSandbox: fake.tables.platforms.find((p) => p.id === row.platformId)?.sandbox ?? false,
    platformApiBaseUrl: fake.tables.platforms.find((p) => p.id === row.platformId)?.apiBaseUrl ?? null,
    platformWsBaseUrl: fake.tables.platforms.find((p) => p.id === row.platformId)?.wsBaseUrl ?? null,
  });
  const samePlatform = (p: PlatformRow, q: { code: string; sandbox?: boolean; apiBaseUrl?: string | null }) =>
    p.code === q.code && p.sandbox === (q.sandbox ?? false) && p.apiBaseUrl === (q.apiBaseUrl ?? null);

  const repos: Repositories = {
    admins: {
      async findById(id) {
        return fake.tables.admins.find((a) => a.id === id);
      },
      async findByAccount(account) {
        return fake.tables.admins.find((a) => a.account === account);
      },
      async findMainAccount() {
        return fake.tables.admins.filter((a) => a.mainAccountId === MAIN_ACCOUNT).sort((a, b) => a.id - b.id)[0];
      },
      async list(filter, window) {
        const rows = fake.tables.admins
          .filter((a) => (!filter.account || contains(a.account, filter.account)) && (!filter.status || a.status === filter.status))
          .sort((a, b) => a.id - b.id);
        return page(rows, window);
      },
      async insert(admin) {
        if (fake.tables.admins.some((a) => a.account === admin.account)) return undefined;
        const row: AdminRow = { ...admin, id: nextId(), status: 'active', createdAt: now(), updatedAt: now(), lastLoginAt: null };
        fake.tables.admins.push(row);
        return row;
      },
      async update(id, changes) {
        const row = fake.tables.admins.find((a) => a.id === id);
        if (row) Object.assign(row, changes);
        return row;
      },
      async delete(id) {
        fake.tables.admins = fake.tables.admins.filter((a) => a.id !== id);
        fake.tables.sessions = fake.tables.sessions.filter((s) => s.adminId !== id);
        fake.tables.resetCodes = fake.tables.resetCodes.filter((c) => c.adminId !== id);
        fake.tables.permissions = fake.tables.permissions.filter((p) => p.adminId !== id);
        fake.tables.credentials = fake.tables.credentials.filter((c) => c.adminId !== id);
        const gone = new Set(fake.tables.robots.filter((r) => r.adminId === id).map((r) => r.id));
        fake.tables.robots = fake.tables.robots.filter((r) => !gone.has(r.id));
        fake.tables.robotOrders = fake.tables.robotOrders.filter((o) => !gone.has(o.robotId));
        fake.tables.robotFills = fake.tables.robotFills.filter((f) => !gone.has(f.robotId));
        fake.tables.robotRuns = fake.tables.robotRuns.filter((r) => !gone.has(r.robotId));
        for (const log of fake.tables.tradingLogs) if (log.robotId !== null && gone.has(log.robotId)) log.robotId = null;
        for (const log of fake.tables.loginLogs) if (log.adminId === id) log.adminId = null;
        for (const log of fake.tables.tradingLogs) if (log.adminId === id) log.adminId = null;
        const goneChannels = new Set(fake.tables.alertChannels.filter((c) => c.adminId === id).map((c) => c.id));
        fake.tables.alertChannels = fake.tables.alertChannels.filter((c) => c.adminId !== id);
        const goneAlerts = new Set(fake.tables.alerts.filter((a) => a.adminId === id).map((a) => a.id));
        fake.tables.alerts = fake.tables.alerts.filter((a) => a.adminId !== id);
        fake.tables.alertDeliveries = fake.tables.alertDeliveries.filter((d) => !goneAlerts.has(d.alertId));
        for (const d of fake.tables.alertDeliveries) if (d.channelId !== null && goneChannels.has(d.channelId)) d.channelId = null;
      },
    },
    sessions: {
      async insertLoginLog(log) {
        const row: LoginLogRow = { ...log, id: nextId(), logoutTime: null };
        fake.tables.loginLogs.push(row);
        return row.id;
      },
      async insertSession(session) {
        fake.tables.sessions.push({ ...session, revokedAt: null });
      },
      async findUnrevoked(sessionId, adminId) {
        const session = fake.tables.sessions.find((s) => s.id === sessionId && s.adminId === adminId && s.revokedAt === null);
        const admin = session && fake.tables.admins.find((a) => a.id === adminId);
        return session && admin ? { session, admin } : undefined;
      },
      async revokeSession(sessionId, at) {
        return revoke((s) => s.id === sessionId, at);
      },
      async revokeAllSessions(adminId, at, exceptSessionId) {
        return revoke((s) => s.adminId === adminId && s.id !== exceptSessionId, at);
      },
      async listLoginLogs(filter, window) {
        const rows = fake.tables.loginLogs
          .filter((l) => (!filter.adminId || l.adminId === filter.adminId) && (!filter.account || contains(l.account, filter.account)))
          .sort((a, b) => b.loginTime.getTime() - a.loginTime.getTime() || b.id - a.id);
        return page(rows, window);
      },
    },
    passwordResets: {
      async insertCode(code) {
        fake.tables.resetCodes.push({ ...code, id: nextId(), attempts: 0, consumedAt: null, createdAt: now() });
      },
      async findUsableCode(subject, at, maxAttempts) {
        return fake.tables.resetCodes
          .filter((c) => c.subject === subject && c.consumedAt === null && c.expiresAt > at && c.attempts < maxAttempts)
          .sort((a, b) => b.id - a.id)[0];
      },
      async recordFailedAttempt(codeId) {
        const row = fake.tables.resetCodes.find((c) => c.id === codeId);
        if (row) row.attempts += 1;
      },
      async consumeCode(codeId, at) {
        const row = fake.tables.resetCodes.find((c) => c.id === codeId && c.consumedAt === null);
        if (row) row.consumedAt = at;
        return row !== undefined;
      },
      async consumeOpenCodes(subject, at) {
        for (const row of fake.tables.resetCodes) if (row.subject === subject && row.consumedAt === null) row.consumedAt = at;
      },
      async deleteExpired(before) {
        fake.tables.resetCodes = fake.tables.resetCodes.filter((c) => c.expiresAt >= before);
      },
    },
    throttles: {
      async lock(keys, at) {
        const sorted = [...new Set(keys)].sort();
        for (const key of sorted) {
          if (!fake.tables.throttles.some((t) => t.key === key)) fake.tables.throttles.push({ key, count: 0, lastAt: new Date(0), forgetAt: at });
        }
        return fake.tables.throttles.filter((t) => sorted.includes(t.key)).sort((a, b) => (a.key < b.key ? -1 : 1)).map((t) => ({ ...t }));
      },
      async save(row) {
        fake.tables.throttles = [...fake.tables.throttles.filter((t) => t.key !== row.key), { ...row }];
      },
      async clear(key) {
        fake.tables.throttles = fake.tables.throttles.filter((t) => t.key !== key);
      },
      async giveBack(key) {
        const row = fake.tables.throttles.find((t) => t.key === key);
        if (row) row.count = Math.max(row.count - 1, 0);
      },
      async prune(at) {
        const before = fake.tables.throttles.length;
        fake.tables.throttles = fake.tables.throttles.filter((t) => t.forgetAt > at);
        return before - fake.tables.throttles.length;
      },
    },
    platforms: {
      async list() {
        return [...fake.tables.platforms].sort((a, b) => a.id - b.id);
      },
      async findById(id) {
        return fake.tables.platforms.find((p) => p.id === id);
      },
      async findByCode(code) {
        return fake.tables.platforms.find((p) => samePlatform(p, { code }));
      },
      async insertMissing(list) {
        for (const p of list) if (!fake.tables.platforms.some((q) => samePlatform(q, p))) fake.tables.platforms.push({ sandbox: false, apiBaseUrl: null, ...p, wsBaseUrl: p.wsBaseUrl ?? null, id: nextId() });
      },
      async insert(p) {
        if (fake.tables.platforms.some((q) => samePlatform(q, p))) return undefined;
        const row: PlatformRow = { sandbox: false, apiBaseUrl: null, ...p, wsBaseUrl: p.wsBaseUrl ?? null, id: nextId() };
        fake.tables.platforms.push(row);
        return row;
      },
      async update(id, changes) {
        const row = fake.tables.platforms.find((p) => p.id === id);
        if (row) Object.assign(row, changes);
        return row;
      },
      async usage(id) {
        return { pairs: fake.tables.coins.filter((c) => c.platformId === id).length, keys: fake.tables.credentials.filter((c) => c.platformId === id).length };
      },
      async deleteUnused(id) {
        const used = fake.tables.coins.some((c) => c.platformId === id) || fake.tables.credentials.some((c) => c.platformId === id);
        const before = fake.tables.platforms.length;
        if (!used) fake.tables.platforms = fake.tables.platforms.filter((p) => p.id !== id);
        return fake.tables.platforms.length < before;
      },
    },
    coins: {
      async listAll() {
        return [...fake.tables.coins].sort((a, b) => a.id - b.id);
      },
      async listBoundTo(adminId) {
        const bound = new Set(fake.tables.permissions.filter((p) => p.adminId === adminId).map((p) => p.coinId));
        return fake.tables.coins.filter((c) => bound.has(c.id)).sort((a, b) => a.id - b.id);
      },
      async findById(id) {
        return fake.tables.coins.find((c) => c.id === id);
      },
      async listOnPlatform(platformId) {
        return fake.tables.coins.filter((c) => c.platformId === platformId).sort((a, b) => a.id - b.id);
      },
      async findByName(platformId, coinName) {
        return fake.tables.coins.find((c) => c.platformId === platformId && c.coinName === coinName);
      },
      async insert(coin) {
        if (fake.tables.coins.some((c) => c.platformId === coin.platformId && c.coinName === coin.coinName)) return undefined;
        const row: CoinRow = { id: nextId(), marketKind: 'spot', endTimeStamp: null, status: 'enabled', createdAt: now(), ...coin, priceBand: coin.priceBand ?? '0.05' };
        fake.tables.coins.push(row);
        return row;
      },
      async update(id, changes) {
        const row = fake.tables.coins.find((c) => c.id === id);
        if (row) Object.assign(row, changes);
        return row;
      },
      async insertMissing(platformId, coinNames) {
        for (const coinName of coinNames) {
          if (fake.tables.coins.some((c) => c.platformId === platformId && c.coinName === coinName)) continue;
          fake.tables.coins.push({ id: nextId(), coinName, platformId, marketKind: 'spot', endTimeStamp: null, status: 'enabled', priceBand: '0.05', createdAt: now() });
        }
      },
      async isBound(adminId, coinId) {
        return fake.tables.permissions.some((p) => p.adminId === adminId && p.coinId === coinId);
      },
      async bind(adminId, coinId) {
        let row = fake.tables.permissions.find((p) => p.adminId === adminId && p.coinId === coinId);
        if (!row) {
          row = { id: nextId(), adminId, coinId, createdAt: now() };
          fake.tables.permissions.push(row);
        }
        return row;
      },
      async listPermissions(adminId) {
        return fake.tables.permissions
          .filter((p) => !adminId || p.adminId === adminId)
          .sort((a, b) => a.id - b.id)
          .map((p) => ({ ...p, coinName: fake.tables.coins.find((c) => c.id === p.coinId)?.coinName ?? '' }));
      },
    },
    credentials: {
      async listByAdmin(adminId) {
        return fake.tables.credentials.filter((c) => c.adminId === adminId).sort((a, b) => a.id - b.id).map(record);
      },
      async findOwned(id, adminId) {
        const row = fake.tables.credentials.find((c) => c.id === id && c.adminId === adminId);
        return row && record(row);
      },
      async findFor(adminId, coinId) {
        const row = fake.tables.credentials.find((c) => c.adminId === adminId && c.coinId === coinId);
        return row && record(row);
      },
      async holdersOf(coinId) {
        return fake.tables.credentials
          .filter((c) => c.coinId === coinId)
          .map((c) => c.adminId)
          .sort((a, b) => a - b);
      },
      async insert(credential) {
        if (fake.tables.credentials.some((c) => c.adminId === credential.adminId && c.coinId === credential.coinId)) throw new PairKeyTakenError();
        const row: CredentialRow = { ...credential, id: nextId(), createdAt: now(), updatedAt: now() };
        fake.tables.credentials.push(row);
        return record(row);
      },
      async update(id, changes) {
        const row = fake.tables.credentials.find((c) => c.id === id);
        if (row && changes.coinId !== undefined && fake.tables.credentials.some((c) => c.id !== id && c.adminId === row.adminId && c.coinId === changes.coinId)) throw new PairKeyTakenError();
        if (row) Object.assign(row, changes);
        return row && record(row);
      },
      async listUnhashed() {
        return fake.tables.credentials
          .filter((c) => c.apiKeyHash === null)
          .sort((a, b) => a.id - b.id)
          .map(({ id, adminId, apiKeySealed }) => ({ id, adminId, apiKeySealed }));
      },
    },
    tradingLogs: {
      async append(entry) {
        return appendLog(entry);
      },
      async appendMany(entries) {
        for (const entry of entries) appendLog(entry);
      },
      async listByCoin(coinId, window, filter = {}) {
        const rows = fake.tables.tradingLogs.filter(
          (l) =>
            l.coinId === coinId &&
            (filter.adminId === undefined || l.adminId === filter.adminId) &&
            (filter.robotId === undefined || l.robotId === filter.robotId) &&
            (filter.level === undefined || l.level === filter.level) &&
            (filter.from === undefined || l.createdAt >= filter.from) &&
            (filter.to === undefined || l.createdAt < filter.to),
        );
        return page(rows.sort((a, b) => b.id - a.id), window);
      },
    },
    simKeys: {
      async insertIfAbsent(apiKeyHash, secretSealed) {
        if (fake.tables.simKeys.some((k) => k.apiKeyHash === apiKeyHash)) return false;
        fake.tables.simKeys.push({ apiKeyHash, secretSealed });
        return true;
      },
      async upsert(apiKeyHash, secretSealed) {
        const row = fake.tables.simKeys.find((k) => k.apiKeyHash === apiKeyHash);
        if (row) row.secretSealed = secretSealed;
        else fake.tables.simKeys.push({ apiKeyHash, secretSealed });
      },
      async findSealedSecret(apiKeyHash) {
        return fake.tables.simKeys.find((k) => k.apiKeyHash === apiKeyHash)?.secretSealed;
      },
      async findAccess(apiKeyHash, platformCode) {
        const key = fake.tables.simKeys.find((k) => k.apiKeyHash === apiKeyHash);
        if (!key) return undefined;
        const holders = fake.tables.credentials
          .filter((c) => c.apiKeyHash === apiKeyHash && fake.tables.platforms.find((p) => p.id === c.platformId)?.code === platformCode)
          .sort((a, b) => a.id - b.id)
          .flatMap((c) => {
            const admin = fake.tables.admins.find((a) => a.id === c.adminId);
            if (!admin) return [];
            const pairs = fake.tables.permissions
              .filter((p) => p.adminId === admin.id)
              .map((p) => fake.tables.coins.find((coin) => coin.id === p.coinId))
              .filter((coin) => coin !== undefined && coin.platformId === c.platformId)
              .map((coin) => coin!.coinName)
              .sort();
            return [{ status: admin.status, mainAccountId: admin.mainAccountId, hosts: c.hosts, pairs }];
          });
        return { secretSealed: key.secretSealed, holders };
      },
    },
    robots: {
      async insert(robot) {
        const row: RobotRow = { ...robot, id: nextId(), state: null, stopReasonText: null, createdAt: now(), updatedAt: now() };
        fake.tables.robots.push(row);
        return row;
      },
      async update(id, changes) {
        const row = fake.tables.robots.find((r) => r.id === id);
        if (row) Object.assign(row, changes);
        return row;
      },
      async findById(id) {
        const row = fake.tables.robots.find((r) => r.id === id);
        return row && withPair(row);
      },
      async sourcesOf(ids) {
        return fake.tables.robots.filter((r) => ids.includes(r.id)).map(({ id, adminId, type, description }) => ({ id, adminId, type, description }));
      },
      async listFor(adminId, coinId) {
        return robotsWhere((r) => r.adminId === adminId && r.coinId === coinId);
      },
      async listOwnedBy(adminId) {
        return robotsWhere((r) => r.adminId === adminId);
      },
      async listOnPair(coinId, adminId) {
        return robotsWhere((r) => r.coinId === coinId && (adminId === undefined || r.adminId === adminId));
      },
      async runningCoinIds() {
        return new Set(robotsWhere((r) => r.status === 'running').map((r) => r.coinId));
      },
      async listRunning() {
        return robotsWhere((r) => r.status === 'running').map(toRobotRecord);
      },
      async listStoppedWithLiveOrders() {
        const live = new Set(fake.tables.robotOrders.filter((o) => !FINAL_JOURNAL_STATES.has(o.state)).map((o) => o.robotId));
        return robotsWhere((r) => r.status !== 'running' && live.has(r.id)).map(toRobotRecord);
      },
      async get(id) {
        const row = fake.tables.robots.find((r) => r.id === id);
        return row ? toRobotRecord(withPair(row)) : null;
      },
      async saveState(id, state) {
        const row = fake.tables.robots.find((r) => r.id === id);
        if (row) row.state = state ?? null;
      },
      async markStopped(id, reason, text) {
        const row = fake.tables.robots.find((r) => r.id === id);
        if (row) Object.assign(row, { status: 'stopped', stopReason: reason, stopReasonText: text ?? null, updatedAt: now() });
        closeRuns((r) => r.robotId === id, now());
      },
      async markManyStopped(ids, reason, text) {
        for (const row of fake.tables.robots) if (ids.includes(row.id)) Object.assign(row, { status: 'stopped', stopReason: reason, stopReasonText: text ?? null, updatedAt: now() });
        closeRuns((r) => ids.includes(r.robotId), now());
      },
      async openRun(robotId, at) {
        if (!fake.tables.robotRuns.some((r) => r.robotId === robotId && r.stoppedAt === null)) fake.tables.robotRuns.push({ id: nextId(), robotId, startedAt: at, stoppedAt: null });
      },
      async closeRun(robotId, at) {
        closeRuns((r) => r.robotId === robotId, at);
      },
      async closeAllRuns(at) {
        closeRuns(() => true, at);
      },
      async openRunsForRunning(at) {
        for (const robot of fake.tables.robots) {
          if (robot.status === 'running' && !fake.tables.robotRuns.some((r) => r.robotId === robot.id && r.stoppedAt === null)) {
            fake.tables.robotRuns.push({ id: nextId(), robotId: robot.id, startedAt: at, stoppedAt: null });
          }
        }
      },
      async runsOf(robotIds) {
        return fake.tables.robotRuns
          .filter((r) => robotIds.includes(r.robotId))
          .sort((a, b) => a.id - b.id)
          .map((r) => ({ robotId: r.robotId, startedAt: r.startedAt.getTime(), stoppedAt: r.stoppedAt?.getTime() ?? null }));
      },
    },
    robotJournal: {
      async insert(orders) {
        for (const o of orders) {
          if (fake.tables.robotOrders.some((row) => row.clientOrderId === o.clientOrderId)) continue;
          // As numeric columns do: decimals come back canonical.
          fake.tables.robotOrders.push({ ...o, price: parse(o.price), amount: parse(o.amount), filledAmount: parse(o.filledAmount), filledValue: parse(o.filledValue) });
        }
      },
      async settle(changes, fills) {
        await repos.transaction(async () => {
          for (const change of changes) {
            const row = fake.tables.robotOrders.find((o) => o.robotId === change.robotId && o.clientOrderId === change.clientOrderId);
            if (!row) continue;
            const { filledAmount, filledValue, ...rest } = change.patch;
            Object.assign(row, rest, filledAmount !== undefined ? { filledAmount: parse(filledAmount) } : {}, filledValue !== undefined ? { filledValue: parse(filledValue) } : {});
          }
          for (const fill of fills) {
            if (fake.tables.robotFills.some((f) => f.clientOrderId === fill.clientOrderId && compare(f.filledAfter, fill.filledAfter) === 0)) continue;
            fake.tables.robotFills.push({ id: nextId(), ...ledgerRow(positionNow(fill.robotId), fill).row, at: fill.at });
          }
        });
      },
      async live(robotId) {
        return fake.tables.robotOrders.filter((o) => o.robotId === robotId && !FINAL_JOURNAL_STATES.has(o.state)).map((o) => ({ ...o }));
      },
      async recentOrders(robotId, limit) {
        return fake.tables.robotOrders
          .filter((o) => o.robotId === robotId)
          .reverse()
          .slice(0, limit)
          .map((o) => ({ clientOrderId: o.clientOrderId, orderNo: o.orderNo, tag: o.tag, side: o.side, price: o.price, amount: o.amount, filledAmount: o.filledAmount, state: o.state, createdAt: o.createdAt, updatedAt: o.updatedAt }));
      },
      async recentFills(robotId, limit) {
        return fake.tables.robotFills
          .filter((f) => f.robotId === robotId)
          .sort((a, b) => Number(b.at) - Number(a.at) || b.id - a.id)
          .slice(0, limit)
          .map((f) => ({ clientOrderId: f.clientOrderId, side: f.side, price: parse(f.price), amount: parse(f.amount), quoteAmount: parse(f.quoteAmount), fee: parse(f.fee), at: Number(f.at) }));
      },
      async liveCounts(robotIds) {
        const counts = new Map<number, number>();
        for (const o of fake.tables.robotOrders) {
          if (robotIds.includes(o.robotId) && !FINAL_JOURNAL_STATES.has(o.state)) counts.set(o.robotId, (counts.get(o.robotId) ?? 0) + 1);
        }
        return counts;
      },
      async figuresData(robotIds, windows) {
        const result = new Map();
        for (const id of robotIds) {
          const fills = fake.tables.robotFills.filter((f) => f.robotId === id);
          const orders = fake.tables.robotOrders.filter((o) => o.robotId === id);
          result.set(id, {
            fills: windows.map((w) => summarizeFills(fills, w)),
            orders: windows.map((w) => ({
              placed: orders.filter((o) => o.state !== 'rejected' && o.createdAt >= w.from && o.createdAt <= w.to).length,
              filled: orders.filter((o) => o.state === 'filled' && o.updatedAt >= w.from && o.updatedAt <= w.to).length,
              canceled: orders.filter((o) => o.state === 'canceled' && o.updatedAt >= w.from && o.updatedAt <= w.to).length,
            })),
            position: positionNow(id),
          });
        }
        return result;
      },
    },
    alerts: {
      async listChannels(adminId) {
        return fake.tables.alertChannels.filter((c) => c.adminId === adminId).sort((a, b) => a.id - b.id);
      },
      async listEnabledChannels(adminId) {
        return fake.tables.alertChannels.filter((c) => c.adminId === adminId && c.enabled).sort((a, b) => a.id - b.id);
      },
      async findChannel(id) {
        return fake.tables.alertChannels.find((c) => c.id === id);
      },
      async findOwnedChannel(id, adminId) {
        return fake.tables.alertChannels.find((c) => c.id === id && c.adminId === adminId);
      },
      async insertChannel(channel) {
        const row: AlertChannelRow = { lang: 'en_US', ...channel, id: nextId(), createdAt: now(), updatedAt: now() };
        fake.tables.alertChannels.push(row);
        return row;
      },
      async updateChannel(id, changes) {
        const row = fake.tables.alertChannels.find((c) => c.id === id);
        if (row) Object.assign(row, changes);
        return row;
      },
      async deleteOwnedChannel(id, adminId) {
        const before = fake.tables.alertChannels.length;
        fake.tables.alertChannels = fake.tables.alertChannels.filter((c) => !(c.id === id && c.adminId === adminId));
        if (fake.tables.alertChannels.length === before) return false;
        for (const d of fake.tables.alertDeliveries) if (d.channelId === id) d.channelId = null;
        return true;
      },
      async insertAlert(alert, deliveries, claim) {
        const row: AlertRow = { message: null, ...alert, id: nextId(), createdAt: now() };
        fake.tables.alerts.push(row);
        const claimed = { claimedBy: claim?.nodeId ?? null, claimedUntil: claim ? claimEnd(claim) : null };
        const rows = deliveries.map((d): AlertDeliveryRow => ({ ...d, id: nextId(), alertId: row.id, status: 'pending', attempts: 0, reason: null, sentAt: null, createdAt: now(), updatedAt: now(), ...claimed }));
        fake.tables.alertDeliveries.push(...rows);
        return { ...row, deliveries: rows.map((d) => ({ ...d })) };
      },
      async findDelivery(id) {
        const row = fake.tables.alertDeliveries.find((d) => d.id === id);
        return row && { ...row };
      },
      async updateDelivery(id, changes) {
        const row = fake.tables.alertDeliveries.find((d) => d.id === id);
        if (row) Object.assign(row, changes);
        return row && { ...row };
      },
      async claimPendingDeliveries(claim) {
        const free = (d: AlertDeliveryRow) => d.status === 'pending' && (d.claimedUntil === null || d.claimedUntil < now()) && d.claimedBy !== claim.nodeId;
        return fake.tables.alertDeliveries
          .filter(free)
          .sort((a, b) => a.id - b.id)
          .flatMap((d) => {
            Object.assign(d, { claimedBy: claim.nodeId, claimedUntil: claimEnd(claim) });
            const alert = fake.tables.alerts.find((a) => a.id === d.alertId);
            return alert ? [{ ...d, alert: { ...alert } }] : [];
          });
      },
      async holdClaim(id, claim) {
        const row = fake.tables.alertDeliveries.find((d) => d.id === id && d.claimedBy === claim.nodeId && d.status === 'pending');
        if (row) row.claimedUntil = claimEnd(claim);
        return row !== undefined;
      },
      async renewClaims(claim) {
        const rows = fake.tables.alertDeliveries.filter((d) => d.claimedBy === claim.nodeId && d.status === 'pending');
        for (const row of rows) row.claimedUntil = claimEnd(claim);
        return rows.length;
      },
      async releaseClaims(nodeId) {
        for (const d of fake.tables.alertDeliveries) if (d.claimedBy === nodeId && d.status === 'pending') Object.assign(d, { claimedBy: null, claimedUntil: null });
      },
      async listAlerts(adminId, coinId, window) {
        const rows = fake.tables.alerts.filter((a) => a.adminId === adminId && a.coinId === coinId).sort((a, b) => b.id - a.id);
        const records: AlertRecord[] = rows.map((a) => ({
          ...a,
          deliveries: fake.tables.alertDeliveries.filter((d) => d.alertId === a.id).sort((x, y) => x.id - y.id).map((d) => ({ ...d })),
        }));
        return page(records, window);
      },
    },
    database: {
      async ping() {
        if (fake.down) throw new Error('database unreachable');
      },
    },
    async transaction(work) {
      const before = structuredClone(fake.tables);
      try {
        const result = await work(repos);
        fake.transactions.committed += 1;
        return result;
      } catch (err) {
        fake.tables = before;
        fake.transactions.rolledBack += 1;
        throw err;
      }
    },
  };

  function withPair(row: RobotRow): RobotListRow {
    return { ...row, coinName: fake.tables.coins.find((c) => c.id === row.coinId)?.coinName ?? '' };
  }

  function robotsWhere(match: (r: RobotRow) => boolean): RobotListRow[] {
    return fake.tables.robots.filter(match).sort((a, b) => a.id - b.id).map(withPair);
  }

  function closeRuns(match: (r: InMemoryTables['robotRuns'][number]) => boolean, at: Date): void {
    for (const run of fake.tables.robotRuns) if (run.stoppedAt === null && match(run)) run.stoppedAt = at;
  }

  function positionNow(robotId: number): Position {
    const last = fake.tables.robotFills.filter((f) => f.robotId === robotId).sort((a, b) => b.id - a.id)[0];
    return positionOf(last);
  }

  function revoke(match: (s: SessionRow) => boolean, at: Date): string[] {
    const ids: string[] = [];
    for (const session of fake.tables.sessions) {
      if (session.revokedAt !== null || !match(session)) continue;
      session.revokedAt = at;
      ids.push(session.id);
      const log = fake.tables.loginLogs.find((l) => l.id === session.loginLogId);
      if (log && log.logoutTime === null) log.logoutTime = at;
    }
    return ids;
  }

  return Object.assign(fake, { repos });
}
