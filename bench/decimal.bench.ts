/**
 * @makerdesk/decimal beside bignumber.js (the library it replaced) on the same fixed operands, the
 * way the console uses both: decimal strings in, decimal strings out.
 */
import { createRequire } from 'node:module';
import { add, compare, div, mul } from '@makerdesk/decimal';
import type BigNumberType from 'bignumber.js';
import { prng } from './prng.ts';
import { median, printTable, rate } from './report.ts';

// bignumber.js is a devDependency of packages/decimal only (its property tests' reference), so it
// is resolved from there.
const requireFromDecimal = createRequire(new URL('../packages/decimal/package.json', import.meta.url));
const BigNumber = requireFromDecimal('bignumber.js') as typeof BigNumberType;
const PEER_VERSION = (requireFromDecimal('bignumber.js/package.json') as { version: string }).version;

const PAIRS = 2_000;
const SEED = 0xdec1_3a1;
const TIMED_RUNS = 5;
/** Each timed run repeats the operand set this often: ~10 ms per run for our add, the whole bench ~3 s. */
const REPEAT = 10;
const DIVISION = { decimals: 8, rounding: 'down' } as const;
const Peer = BigNumber.clone({ EXPONENTIAL_AT: 1e9, DECIMAL_PLACES: 8, ROUNDING_MODE: BigNumber.ROUND_DOWN });

/** Prices and amounts as venues write them: up to 9 integer digits, 0 to 8 decimals, a few negatives. */
function operands(count: number, seed: number): { a: string[]; b: string[] } {
  const random = prng(seed);
  const decimal = (): string => {
    const int = String(Math.floor(random() * 10 ** (1 + Math.floor(random() * 9))));
    const places = Math.floor(random() * 9);
    const frac = places === 0 ? '' : `.${String(Math.floor(random() * 10 ** places)).padStart(places, '0')}`;
    return `${random() < 0.1 ? '-' : ''}${int}${frac}`;
  };
  const a = Array.from({ length: count }, decimal);
  // Never a zero divisor.
  const b = Array.from({ length: count }, () => {
    const x = decimal();
    return /^-?[0.]+$/.test(x) ? '1.5' : x;
  });
  return { a, b };
}

interface Operation {
  name: string;
  ours: (a: string, b: string) => string | number;
  peer: (a: string, b: string) => string | number;
}

const OPERATIONS: Operation[] = [
  { name: 'add', ours: add, peer: (a, b) => new Peer(a).plus(b).toFixed() },
  { name: 'mul', ours: mul, peer: (a, b) => new Peer(a).times(b).toFixed() },
  { name: 'div (8 decimals, down)', ours: (a, b) => div(a, b, DIVISION), peer: (a, b) => new Peer(a).div(b).toFixed() },
  { name: 'compare', ours: compare, peer: (a, b) => new Peer(a).comparedTo(b) ?? Number.NaN },
];

function timeRun(fn: (a: string, b: string) => string | number, a: string[], b: string[]): number {
  let sink = 0;
  const started = process.hrtime.bigint();
  for (let r = 0; r < REPEAT; r++) {
    for (let i = 0; i < a.length; i++) {
      const result = fn(a[i] as string, b[i] as string);
      sink += typeof result === 'number' ? result : result.length;
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink); // keeps the results alive
  return seconds;
}

export async function run(): Promise<void> {
  const { a, b } = operands(PAIRS, SEED);
  console.log(`decimal: ${rate(PAIRS)} operand pairs (prices and amounts, 0-8 decimals), seed ${SEED.toString(16)}`);

  // Correctness first: the comparison is void unless both give the same answers.
  for (const op of OPERATIONS) {
    for (let i = 0; i < PAIRS; i++) {
      const ours = op.ours(a[i] as string, b[i] as string);
      const peer = op.peer(a[i] as string, b[i] as string);
      if (ours !== peer) throw new Error(`${op.name}(${a[i]}, ${b[i]}): ours ${ours}, bignumber.js ${peer}`);
    }
  }
  console.log(`  check: same result for every pair and operation: ok`);

  const runs = OPERATIONS.flatMap((op) => [op.ours, op.peer]);
  for (const fn of runs) timeRun(fn, a, b); // warm-up
  const times = runs.map(() => [] as number[]);
  // Interleaved, so drift in machine load hits both libraries alike.
  for (let round = 0; round < TIMED_RUNS; round++) runs.forEach((fn, i) => times[i]?.push(timeRun(fn, a, b)));
  const opsPerSecond = times.map((t) => (PAIRS * REPEAT) / median(t));
  printTable(
    ['operation', `@makerdesk/decimal ops/s`, `bignumber.js ${PEER_VERSION} ops/s`, 'ours / peer'],
    OPERATIONS.map((op, i) => {
      const ours = opsPerSecond[2 * i] as number;
      const peer = opsPerSecond[2 * i + 1] as number;
      return [op.name, rate(ours), rate(peer), `${(ours / peer).toFixed(2)}×`];
    }),
  );
}
