/**
 * The randomness a strategy draws from: seeded and deterministic, so a tick is repeatable in a test
 * and after a restart. Draws of money go through `drawDecimal` (exact, on integer units), never
 * through a float price.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
}

/** mulberry32: small, fast, good enough for quoting jitter; not for secrets. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int(min, max) {
      if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) throw new RangeError(`bad int range ${min}..${max}`);
      return min + Math.floor(next() * (max - min + 1));
    },
  };
}

/** A seed from a bot id and its tick number, so each tick of each bot draws its own sequence. */
export function tickSeed(robotId: number, tick: number): number {
  let h = 2166136261 ^ robotId;
  h = Math.imul(h, 16777619) ^ tick;
  h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
  return (h ^ (h >>> 15)) >>> 0;
}
