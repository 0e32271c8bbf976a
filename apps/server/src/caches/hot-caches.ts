import type { Platform } from '@makerdesk/contract';
import type { CoinRow } from '../repositories/coin.repository.ts';
import type { Principal } from '../services/auth.service.ts';
import type { ApiKeyMaterial } from '../services/credential.service.ts';
import type { SessionRevocationBus } from '../sessions/session-revocations.ts';
import { ReadCache } from './read-cache.ts';

/** A session checked against the database, trusted until it expires or the cache's TTL runs out. */
export interface VerifiedSession {
  principal: Principal;
  expiresAt: number;
}

export interface HotCacheOptions {
  /** How long an entry is trusted without a change announced in this process: what another server's change waits for at most. */
  ttlMs?: number;
  maxSessions?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * What every signed-in call read from the database: the session behind its token, the caller's key
 * for the pair (decrypted), the pair and the caller's binding to it. Each write that changes one of
 * them tells this object once it is committed; session revocations arrive through the revocation bus.
 * Another server's writes reach this one's entries after `ttlMs` at most.
 */
export class HotCaches {
  /** Bearer token → its verified session. */
  readonly sessions: ReadCache<string, VerifiedSession>;
  /** `adminId:coinId` → the account's newest key for the pair, decrypted and frozen. */
  readonly materials: ReadCache<string, Readonly<ApiKeyMaterial>>;
  /** Pair id → its row (status and expiry are checked on every call against the clock). */
  readonly coins: ReadCache<number, CoinRow>;
  /** `adminId:coinId` of a restricted account's pair bindings; only bindings that exist are kept. */
  readonly bindings: ReadCache<string, true>;
  /** The platform list (one entry): every screen with a pair picker asks for it. */
  readonly platforms: ReadCache<'all', readonly Platform[]>;

  constructor({ ttlMs = 30_000, maxSessions = 10_000, maxEntries = 10_000, now }: HotCacheOptions = {}) {
    const options = { ttlMs, maxEntries, ...(now ? { now } : {}) };
    this.sessions = new ReadCache({ ...options, maxEntries: maxSessions });
    this.materials = new ReadCache(options);
    this.coins = new ReadCache(options);
    this.bindings = new ReadCache(options);
    this.platforms = new ReadCache(options);
  }

  /** Keeps nothing: every read goes to the source (services built without the shared caches). */
  static none(): HotCaches {
    return new HotCaches({ ttlMs: 0, maxSessions: 0, maxEntries: 0 });
  }

  /** Drops revoked sessions at once (logout, account deleted or suspended, password set or changed). */
  listenTo(bus: Pick<SessionRevocationBus, 'subscribe'>): () => void {
    return bus.subscribe(({ sessionIds }) => this.sessionsRevoked(sessionIds));
  }

  sessionsRevoked(sessionIds: readonly string[]): void {
    const revoked = new Set(sessionIds);
    this.sessions.forget((_token, session) => revoked.has(session.principal.sessionId));
  }

  /** The account row changed (role, status, password, last sign-in) or is gone: everything read for it goes. */
  accountChanged(adminId: number): void {
    this.sessions.forget((_token, session) => session.principal.admin.id === adminId);
    this.credentialsChanged(adminId);
    this.bindingsChanged(adminId);
  }

  credentialsChanged(adminId: number): void {
    this.materials.forget((key) => key.startsWith(`${adminId}:`));
  }

  bindingsChanged(adminId: number): void {
    this.bindings.forget((key) => key.startsWith(`${adminId}:`));
  }

  pairChanged(coinId: number): void {
    this.coins.forget((id) => id === coinId);
  }

  platformsChanged(): void {
    this.platforms.clear();
  }
}

export function accountPairKey(adminId: number, coinId: number): string {
  return `${adminId}:${coinId}`;
}
