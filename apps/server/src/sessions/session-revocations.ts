/** Sessions that have just been revoked (logout, account deleted or suspended, password set or changed). */
export interface SessionRevocation {
  sessionIds: readonly string[];
}

export type SessionRevocationListener = (revocation: SessionRevocation) => void;

/**
 * Where a revocation is announced once it is committed, so whatever holds a session open (a
 * WebSocket, later a session cache) lets go of it at once. The in-process bus reaches this server's
 * listeners; a bus over PostgreSQL `LISTEN/NOTIFY` would publish with `pg_notify` and call the
 * listeners of every server when the notice arrives. Either way the revocation itself is already in
 * the database: a notice that never arrives costs its listeners their next session check, not the
 * revocation.
 */
export interface SessionRevocationBus {
  /** Resolves once the notice is handed on: here, once every listener has run. */
  publish(revocation: SessionRevocation): Promise<void>;
  /** Returns the function that stops the listener. */
  subscribe(listener: SessionRevocationListener): () => void;
}

/** One server's bus: publishing calls each listener in turn; one that throws is reported and skipped. */
export class InProcessSessionRevocations implements SessionRevocationBus {
  private readonly listeners = new Set<SessionRevocationListener>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => undefined) {}

  async publish(revocation: SessionRevocation): Promise<void> {
    if (revocation.sessionIds.length === 0) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(revocation);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  subscribe(listener: SessionRevocationListener): () => void {
    // A wrapper per call, so the same function subscribed twice is stopped one subscription at a time.
    const entry: SessionRevocationListener = (revocation) => listener(revocation);
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }
}
