/** How many entries a cache keeps and for how long it trusts one before reading it again. */
export interface ReadCacheOptions {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}

/**
 * What a hot read path keeps in memory: bounded (the oldest entry goes first), each entry trusted
 * for `ttlMs`, and dropped at once by `forget`. A read that began before a `forget` is not kept
 * (`begin`/`store`), so a row read just before a write commits never outlives the write's invalidation.
 */
export class ReadCache<K, V> {
  private readonly entries = new Map<K, { value: V; storedAt: number }>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: ReadCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  lookup(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Marks the start of a read from the source; hand the mark to `store`. */
  begin(): number {
    return this.generation;
  }

  /** Keeps `value` unless something was forgotten since `begun` (the value may predate that write). */
  store(key: K, value: V, begun: number): void {
    if (begun !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: this.now() });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** The cached value, or `load`'s: kept only when it is neither null nor undefined (misses are not cached). */
  async through(key: K, load: () => Promise<V | null | undefined>): Promise<V | undefined> {
    const hit = this.lookup(key);
    if (hit !== undefined) return hit;
    const begun = this.begin();
    const value = await load();
    if (value === null || value === undefined) return undefined;
    this.store(key, value, begun);
    return value;
  }

  /** Drops every entry `match` picks, and any read under way. */
  forget(match: (key: K, value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (match(key, entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.forget(() => true);
  }
}
