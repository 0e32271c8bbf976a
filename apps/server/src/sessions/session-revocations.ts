import type { ClusterBus } from '../bus/cluster-bus.ts';

/** Sessions that have just been revoked (logout, account deleted or suspended, password set or changed). */
export interface SessionRevocation {
  sessionIds: readonly string[];
}

export type SessionRevocationListener = (revocation: SessionRevocation) => void;

/**
 * Where a revocation is announced once it is committed, so whatever holds a session open (a
 * WebSocket, a session cache) lets go of it at once, on every server (ClusterSessionRevocations).
 * The revocation itself is already in the database: a notice that never arrives costs its listeners
 * their next session check (or their cache's TTL), not the revocation.
 */
export interface SessionRevocationBus {
  /** Resolves once the notice is handed on (and this server's listeners have run). */
  publish(revocation: SessionRevocation): Promise<void>;
  /** Returns the function that stops the listener. */
  subscribe(listener: SessionRevocationListener): () => void;
}

/** The cluster bus topic of session revocations (cluster-bus.ts). */
export const SESSIONS_REVOKED_TOPIC = 'sessions.revoked';

/**
 * Revocations over the cluster bus: a publish reaches the listeners of every server sharing the
 * database (this one's included), so a session revoked on one server has its sockets closed and its
 * cached entries dropped on all of them. Over a LocalClusterBus (PGlite, tests) it is this process
 * alone; listeners run on a later microtask, before `publish` resolves. A listener that throws is
 * reported by the bus and skipped.
 */
export class ClusterSessionRevocations implements SessionRevocationBus {
  constructor(private readonly bus: Pick<ClusterBus, 'publish' | 'flush' | 'subscribe'>) {}

  /** Resolves once the notice is handed to the database and this server's listeners have run. */
  async publish(revocation: SessionRevocation): Promise<void> {
    if (revocation.sessionIds.length === 0) return;
    this.bus.publish(SESSIONS_REVOKED_TOPIC, { sessionIds: [...revocation.sessionIds] });
    await this.bus.flush();
  }

  subscribe(listener: SessionRevocationListener): () => void {
    return this.bus.subscribe(SESSIONS_REVOKED_TOPIC, (payload) => {
      // What arrives from another server is checked before anyone acts on it.
      const sessionIds = (payload as { sessionIds?: unknown } | null)?.sessionIds;
      if (!Array.isArray(sessionIds) || !sessionIds.every((id) => typeof id === 'string')) return;
      listener({ sessionIds });
    });
  }
}
