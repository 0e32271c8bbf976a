/**
 * At most `max` slots per key, held until released: how many live sockets one account or one
 * client address has open. A key without slots takes no memory.
 */
export class KeyedSlots<K> {
  private readonly counts = new Map<K, number>();

  constructor(readonly max: number) {}

  /** A slot of `key`, or undefined when it holds `max`; the returned release frees it once (later calls do nothing). */
  take(key: K): (() => void) | undefined {
    const held = this.counts.get(key) ?? 0;
    if (held >= this.max) return undefined;
    this.counts.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left === 0) this.counts.delete(key);
      else this.counts.set(key, left);
    };
  }

  /** Slots `key` holds now. */
  heldBy(key: K): number {
    return this.counts.get(key) ?? 0;
  }

  /** Slots held over every key. */
  get total(): number {
    let n = 0;
    for (const held of this.counts.values()) n += held;
    return n;
  }
}
