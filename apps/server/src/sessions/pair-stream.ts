/**
 * What one live socket streams: one pair at most. Subscribing to the pair it streams opens nothing
 * more (so a socket repeating `subscribe` gets each message once), another pair replaces it, and
 * requests are carried out one at a time in the order they came, so two that overlap cannot both
 * open a subscription. After `close` nothing is opened again and what was open is released.
 */
export class PairStream {
  private current: { coinId: number; stop: () => void } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** `open` subscribes to a pair and answers its unsubscribe; it may refuse by throwing. */
  constructor(private readonly open: (coinId: number) => Promise<() => void>) {}

  /** True once the pair streams; false when the stream closed first. Rejects as `open` does (nothing streams then). */
  subscribe(coinId: number): Promise<boolean> {
    return this.inTurn(async () => {
      if (this.closed) return false;
      if (this.current?.coinId === coinId) return true;
      this.release();
      const stop = await this.open(coinId);
      if (this.closed) {
        stop();
        return false;
      }
      this.current = { coinId, stop };
      return true;
    });
  }

  /** Stops streaming (in turn, after any subscribe already asked for). */
  unsubscribe(): Promise<void> {
    return this.inTurn(async () => this.release());
  }

  /** At once: releases what streams, and whatever a pending subscribe opens. */
  close(): void {
    this.closed = true;
    this.release();
  }

  /** The pair streaming now. */
  get coinId(): number | undefined {
    return this.current?.coinId;
  }

  private release(): void {
    const current = this.current;
    this.current = undefined;
    current?.stop();
  }

  private inTurn<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
