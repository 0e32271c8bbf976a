/**
 * Group commit for the bots' hottest writes: the writes asked for in the same event-loop turn (and
 * while the previous batch is still being written) go to the database as one batch, one batch at a
 * time, so hundreds of bots cost a few statements instead of hundreds of round trips each. Each
 * caller's promise settles with its batch: resolved once the batch is written, so a caller that
 * awaits its write still knows it is durable before it goes on, and writes of one caller keep
 * their order. A batch of several that fails is written again one write at a time, so a bad write
 * fails alone and the others still land.
 */
export class WriteBatcher<T> {
  private pending: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private busy = false;
  private scheduled = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxBatch = 500,
  ) {}

  /** Resolves once `item` is written (with its batch); rejects with the error of writing it alone. */
  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.busy || this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.busy = true;
      void this.drain().finally(() => {
        this.busy = false;
        this.kick();
      });
    });
  }

  private async drain(): Promise<void> {
    const batch = this.pending.splice(0, this.maxBatch);
    try {
      await this.write(batch.map((b) => b.item));
      for (const b of batch) b.resolve();
      return;
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
    }
    for (const b of batch) {
      try {
        await this.write([b.item]);
        b.resolve();
      } catch (err) {
        b.reject(err);
      }
    }
  }
}
