import type { SessionRevocationBus } from './session-revocations.ts';

/**
 * Open connections (WebSockets) by the session that authenticated them: when a session is revoked,
 * its connections are ended at once instead of at their next session check.
 */
export class SessionConnections {
  private readonly bySession = new Map<string, Set<() => void>>();
  private readonly stopListening: () => void;

  constructor(bus: SessionRevocationBus) {
    this.stopListening = bus.subscribe(({ sessionIds }) => {
      for (const id of sessionIds) this.endSession(id);
    });
  }

  /** `end` runs once, when the session is revoked; the returned function forgets the connection (call it when it closes). */
  track(sessionId: string, end: () => void): () => void {
    let ends = this.bySession.get(sessionId);
    if (!ends) this.bySession.set(sessionId, (ends = new Set()));
    // A wrapper per call: the same function tracked twice is forgotten one registration at a time.
    const once = () => end();
    ends.add(once);
    return () => {
      const current = this.bySession.get(sessionId);
      current?.delete(once);
      if (current?.size === 0) this.bySession.delete(sessionId);
    };
  }

  /** How many connections are tracked (metrics and tests). */
  get size(): number {
    let n = 0;
    for (const ends of this.bySession.values()) n += ends.size;
    return n;
  }

  close(): void {
    this.stopListening();
    this.bySession.clear();
  }

  private endSession(sessionId: string): void {
    const ends = this.bySession.get(sessionId);
    if (!ends) return;
    this.bySession.delete(sessionId);
    // Every connection is ended even if one fails to; the first failure is the bus's to report.
    const failures: unknown[] = [];
    for (const end of ends) {
      try {
        end();
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}
