/**
 * xoshiro128** (Blackman & Vigna): a small, fast, seedable generator whose whole state is four
 * 32-bit words, so a snapshot can carry it and a restored simulator continues the same sequence.
 */

export type PrngState = readonly [number, number, number, number];

const TWO_POW_32 = 4_294_967_296;

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** splitmix32: spreads a seed over the four state words (never all zero). */
function seedState(seed: number): [number, number, number, number] {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  return [next(), next(), next(), next()];
}

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  private constructor(state: PrngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  static seeded(seed: number): Prng {
    if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${String(seed)}`);
    return new Prng(seedState(seed));
  }

  /** Resumes from `state()`; throws a RangeError on anything but four uint32 words, not all zero. */
  static fromState(state: readonly number[]): Prng {
    if (
      state.length !== 4 ||
      !state.every((word) => Number.isInteger(word) && word >= 0 && word < TWO_POW_32) ||
      state.every((word) => word === 0)
    ) {
      throw new RangeError('a PRNG state is four uint32 words, not all zero');
    }
    return new Prng(state as unknown as PrngState);
  }

  state(): PrngState {
    return [this.a, this.b, this.c, this.d];
  }

  /** Uniform uint32. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    return result;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  /** Standard normal (Box–Muller, one draw per call so the state stays four words). */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
