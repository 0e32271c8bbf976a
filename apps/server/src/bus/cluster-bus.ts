/**
 * How the servers sharing one PostgreSQL tell each other what happened: session
 * revocations, cache invalidations, bots' live status, the simulator's market events, and requests
 * to the node that runs a bot. On PostgreSQL it is `LISTEN/NOTIFY` (PgClusterBus); with PGlite
 * (one server per folder) or in tests it is this process alone (LocalClusterBus).
 *
 * A message reaches the listeners of every node, this one's included, in the order each publisher
 * sent it. Delivery is best effort, as NOTIFY is: whatever must not be lost is in the database
 * first, and a message only says "look again" or carries what is also re-read periodically.
 */
export type ClusterListener<T = unknown> = (payload: T, from: string) => void;

export interface ClusterBus {
  /** This process's node id (random per start). */
  readonly nodeId: string;
  /**
   * Queues `payload` (JSON-serialisable) for every node's listeners of `topic`. Messages are
   * batched (a few ms) into notices under PostgreSQL's 8000-byte limit; one larger than a notice is
   * split and joined again on arrival. Never throws: a failed send is reported to the bus's log.
   */
  publish(topic: string, payload: unknown): void;
  /** Resolves once everything published so far has been handed to the database (or delivered, here). */
  flush(): Promise<void>;
  /** Returns the function that stops the listener. A listener that throws is reported and skipped. */
  subscribe<T = unknown>(topic: string, listener: ClusterListener<T>): () => void;
  /**
   * Called each time the bus is listening again after its connection ended: notices sent meanwhile
   * were missed, so whoever keeps state from them starts over (caches drop everything). A bus that
   * cannot miss anything (LocalClusterBus) has no such hook. Returns the function that stops it.
   */
  onReconnect?(listener: () => void): () => void;
  close(): Promise<void>;
}

/** One process: a publish reaches this process's listeners on the next microtask, in order. */
export class LocalClusterBus implements ClusterBus {
  private readonly listeners = new Map<string, Set<ClusterListener>>();
  private pending: Promise<void> = Promise.resolve();

  constructor(
    readonly nodeId: string = 'local',
    private readonly onListenerError: (err: unknown) => void = () => undefined,
  ) {}

  publish(topic: string, payload: unknown): void {
    // A copy, as a notice would be: a listener never shares an object with the publisher.
    const copy = JSON.parse(JSON.stringify(payload ?? null)) as unknown;
    this.pending = this.pending.then(() => this.deliver(topic, copy, this.nodeId));
  }

  flush(): Promise<void> {
    return this.pending;
  }

  subscribe<T = unknown>(topic: string, listener: ClusterListener<T>): () => void {
    const entry: ClusterListener = (payload, from) => listener(payload as T, from);
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(entry);
    return () => set.delete(entry);
  }

  /** Hands a message to this process's listeners of its topic (PgClusterBus calls it on arrival). */
  deliver(topic: string, payload: unknown, from: string): void {
    for (const listener of [...(this.listeners.get(topic) ?? [])]) {
      try {
        listener(payload, from);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  async close(): Promise<void> {
    await this.pending;
    this.listeners.clear();
  }
}
