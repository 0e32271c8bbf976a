/**
 * The live subscriptions an account session opened, so closing the session ends every one still
 * open; each unsubscribe also forgets its own entry (calling it twice is harmless).
 */
export class Subscriptions {
  private readonly stops = new Set<() => void>();

  /** Wraps `stop` (the unsubscribe of a subscription just opened) and keeps it until it is called. */
  track(stop: () => void): () => void {
    const unsubscribe = () => {
      if (!this.stops.delete(unsubscribe)) return;
      stop();
    };
    this.stops.add(unsubscribe);
    return unsubscribe;
  }

  /** Ends every subscription still open. */
  closeAll(): void {
    for (const stop of [...this.stops]) stop();
  }
}
