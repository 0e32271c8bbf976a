import type { Platform } from '@makerdesk/contract';
import type { Principal } from '../domain/account.ts';
import type { ApiKeyMaterial } from '../domain/key-material.ts';
import type { CoinRow } from '../repositories/coin.repository.ts';
import type { SessionRevocationBus } from '../sessions/session-revocations.ts';
import { ReadCache } from './read-cache.ts';

/** A session checked against the database, trusted until it expires or the cache's TTL runs out. */
export interface VerifiedSession {
  principal: Principal;
  expiresAt: number;
}

export interface HotCacheOptions {
  /** How long an entry is trusted without an announced change: what a change whose notice was lost waits for at most. */
  ttlMs?: number;
  maxSessions?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * What every signed-in call read from the database: the session behind its token, the caller's key
 * for the pair (decrypted), the pair and the caller's binding to it. Each write that changes one of
 * them tells this object once it is committed (`accountChanged`...), which drops the entries here and
 * announces the change to the other servers (cluster-cache-invalidation.ts); session revocations
 * arrive through the revocation bus. A change whose notice is lost reaches entries after `ttlMs` at most.
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
  private readonly announcers = new Set<(change: CacheInvalidation) => void>();

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

  /**
   * Calls `listener` with each change announced here (not with those `apply`d from elsewhere):
   * cluster-cache-invalidation.ts sends them to the other servers. Returns the function that stops it.
   */
  onInvalidate(listener: (change: CacheInvalidation) => void): () => void {
    const entry = (change: CacheInvalidation) => listener(change);
    this.announcers.add(entry);
    return () => this.announcers.delete(entry);
  }

  /** Revoked sessions come through the revocation bus, which reaches every server itself: nothing is announced. */
  sessionsRevoked(sessionIds: readonly string[]): void {
    const revoked = new Set(sessionIds);
    this.sessions.forget((_token, session) => revoked.has(session.principal.sessionId));
  }

  /** The account row changed (role, status, password, last sign-in) or is gone: everything read for it goes. */
  accountChanged(adminId: number): void {
    this.announce({ kind: 'account', id: adminId });
  }

  credentialsChanged(adminId: number): void {
    this.announce({ kind: 'credentials', id: adminId });
  }

  bindingsChanged(adminId: number): void {
    this.announce({ kind: 'bindings', id: adminId });
  }

  pairChanged(coinId: number): void {
    this.announce({ kind: 'pair', id: coinId });
  }

  platformsChanged(): void {
    this.announce({ kind: 'platforms' });
  }

  /** Drops everything (the cluster bus reconnected: changes announced meanwhile were missed). */
  clear(): void {
    for (const cache of [this.sessions, this.materials, this.coins, this.bindings, this.platforms]) cache.clear();
  }

  /** Applies a change here only: one announced by another server. */
  apply(change: CacheInvalidation): void {
    switch (change.kind) {
      case 'account':
        this.sessions.forget((_token, session) => session.principal.admin.id === change.id);
        this.apply({ kind: 'credentials', id: change.id });
        this.apply({ kind: 'bindings', id: change.id });
        return;
      case 'credentials':
        this.materials.forget((key) => key.startsWith(`${change.id}:`));
        return;
      case 'bindings':
        this.bindings.forget((key) => key.startsWith(`${change.id}:`));
        return;
      case 'pair':
        this.coins.forget((id) => id === change.id);
        return;
      case 'platforms':
        this.platforms.clear();
        return;
    }
  }

  private announce(change: CacheInvalidation): void {
    this.apply(change);
    for (const announcer of [...this.announcers]) announcer(change);
  }
}

/** A change that makes cached reads stale, as the writer announces it (ids are admin or coin ids). */
export type CacheInvalidation = { kind: 'account' | 'credentials' | 'bindings' | 'pair'; id: number } | { kind: 'platforms' };

export function accountPairKey(adminId: number, coinId: number): string {
  return `${adminId}:${coinId}`;
}
