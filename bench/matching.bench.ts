/**
 * Matching-engine throughput on a fixed, seeded mixed stream (add / cancel / cross), side by side
 * with the npm package hft-limit-order-book replaying the very same operations in the same run.
 */
import { createRequire } from 'node:module';
import { OrderBook, Side } from 'hft-limit-order-book';
import { matching } from '@makerdesk/exchange';
import { prng } from './prng.ts';
import { median, printTable, rate } from './report.ts';

const { Ledger, MatchingEngine, SpotMarket, defineMarket } = matching;
type Market = matching.Market;
type MatchingEngine = matching.MatchingEngine;
type SpotMarket = matching.SpotMarket;
type StpMode = matching.StpMode;

const OPERATIONS = 1_000_000;
const SEED = 0x5eed_2024;
const ACCOUNTS = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'] as const;
const TIMED_RUNS = 5;
const PEER_VERSION = (createRequire(import.meta.url)('hft-limit-order-book/package.json') as { version: string })
  .version;

const LIMIT = 0;
const MARKET = 1;
const CANCEL = 2;

const market: Market = defineMarket({
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  pricePrecision: 2,
  amountPrecision: 4,
  baseDecimals: 8,
  quoteDecimals: 8,
  makerFeePpm: 1_000,
  takerFeePpm: 1_000,
});

/** The stream as parallel typed arrays, so replaying it costs nothing but the engine calls. */
interface Stream {
  readonly length: number;
  readonly kind: Uint8Array;
  readonly buy: Uint8Array;
  readonly price: Int32Array;
  readonly qty: Int32Array;
  readonly account: Uint8Array;
  /** Order id a cancel targets (our engine numbers orders 1, 2, 3… in placing order). */
  readonly target: Int32Array;
  /** The same ids as strings, which is how the peer keys orders; made here, outside the timed runs. */
  readonly peerIds: readonly string[];
  readonly mix: { limits: number; markets: number; cancels: number; crossingLimits: number };
}

/** Live order ids with O(1) random pick and removal, so every cancel targets a resting order. */
class LiveSet {
  private readonly ids: number[] = [];
  private readonly at = new Map<number, number>();
  get size(): number {
    return this.ids.length;
  }
  add(id: number): void {
    this.at.set(id, this.ids.length);
    this.ids.push(id);
  }
  remove(id: number): void {
    const index = this.at.get(id);
    if (index === undefined) return;
    const last = this.ids.pop() as number;
    this.at.delete(id);
    if (last !== id) {
      this.ids[index] = last;
      this.at.set(last, index);
    }
  }
  pick(random: number): number {
    return this.ids[Math.floor(random * this.ids.length)] as number;
  }
}

/**
 * ~55 % passive limit orders a few ticks around a random-walking mid, ~30 % cancels of resting
 * orders, ~15 % crossing orders (half market, half marketable limit). A reference engine runs
 * while generating so that cancels always name an order that is still resting.
 */
function generateStream(length: number, seed: number): Stream {
  const random = prng(seed);
  const stream: Stream = {
    length,
    kind: new Uint8Array(length),
    buy: new Uint8Array(length),
    price: new Int32Array(length),
    qty: new Int32Array(length),
    account: new Uint8Array(length),
    target: new Int32Array(length),
    peerIds: Array.from({ length: length + 1 }, (_, id) => String(id)),
    mix: { limits: 0, markets: 0, cancels: 0, crossingLimits: 0 },
  };
  const reference = new MatchingEngine(market, { stp: 'none' });
  const live = new LiveSet();
  let mid = 3_000_000;
  for (let i = 0; i < length; i++) {
    const step = random();
    if (step < 0.05) mid -= 1;
    else if (step > 0.95) mid += 1;
    const buy = random() < 0.5;
    const account = Math.floor(random() * ACCOUNTS.length);
    const u = random();
    stream.buy[i] = buy ? 1 : 0;
    stream.account[i] = account;
    if (u < 0.3 && live.size > 0) {
      const id = live.pick(random());
      stream.kind[i] = CANCEL;
      stream.target[i] = id;
      stream.mix.cancels++;
      reference.cancel(id);
      live.remove(id);
      continue;
    }
    let result;
    if (u >= 0.3 && u < 0.375) {
      const qty = 1 + Math.floor(random() * 150);
      stream.kind[i] = MARKET;
      stream.qty[i] = qty;
      stream.mix.markets++;
      const who = ACCOUNTS[account] as string;
      result = reference.place({ type: 'market', account: who, side: buy ? 'buy' : 'sell', qty });
    } else {
      const crossing = u >= 0.375 && u < 0.45;
      const offset = crossing ? -Math.floor(random() * 4) : 1 + Math.floor(random() * random() * 40);
      const price = buy ? mid - offset : mid + offset;
      const qty = 1 + Math.floor(random() * (crossing ? 150 : 100));
      stream.kind[i] = LIMIT;
      stream.price[i] = price;
      stream.qty[i] = qty;
      stream.mix.limits++;
      if (crossing) stream.mix.crossingLimits++;
      result = reference.place({
        type: 'limit',
        account: ACCOUNTS[account] as string,
        side: buy ? 'buy' : 'sell',
        price,
        qty,
      });
    }
    for (const fill of result.fills) if (fill.makerFilled) live.remove(fill.makerOrderId);
    if (result.order.remainingQty > 0) live.add(result.order.id);
  }
  return stream;
}

interface Outcome {
  /** Lots traded, summed over incoming orders so each trade counts once. */
  traded: number;
  /** Cancels that found a resting order. */
  canceled: number;
  resting: number;
  /** [price, lots] per level, best first. */
  bids: Array<[number, number]>;
  asks: Array<[number, number]>;
}

const SIDES = ['sell', 'buy'] as const;
const PEER_SIDES = [Side.SELL, Side.BUY] as const;

function replayOurs(stream: Stream, stp: StpMode): { engine: MatchingEngine; traded: number; canceled: number } {
  const engine = new MatchingEngine(market, { stp });
  const { kind, buy, price, qty, account, target } = stream;
  let traded = 0;
  let canceled = 0;
  for (let i = 0; i < stream.length; i++) {
    const k = kind[i];
    if (k === CANCEL) {
      if (engine.cancel(target[i] as number) !== undefined) canceled++;
      continue;
    }
    const side = SIDES[buy[i] as number] as 'buy' | 'sell';
    const who = ACCOUNTS[account[i] as number] as string;
    const result =
      k === LIMIT
        ? engine.place({ type: 'limit', account: who, side, price: price[i] as number, qty: qty[i] as number })
        : engine.place({ type: 'market', account: who, side, qty: qty[i] as number });
    traded += result.order.filledQty;
  }
  return { engine, traded, canceled };
}

function replayOursSettled(stream: Stream): { spot: SpotMarket; traded: number; canceled: number } {
  const ledger = new Ledger();
  for (const account of ACCOUNTS) {
    ledger.deposit(account, market.base, 10n ** 30n);
    ledger.deposit(account, market.quote, 10n ** 30n);
  }
  const spot = new SpotMarket(market, ledger, { stp: 'none' });
  const { kind, buy, price, qty, account, target } = stream;
  let traded = 0;
  let canceled = 0;
  for (let i = 0; i < stream.length; i++) {
    const k = kind[i];
    if (k === CANCEL) {
      if (spot.cancel(target[i] as number) !== undefined) canceled++;
      continue;
    }
    const side = SIDES[buy[i] as number] as 'buy' | 'sell';
    const who = ACCOUNTS[account[i] as number] as string;
    const result =
      k === LIMIT
        ? spot.place({ type: 'limit', account: who, side, price: price[i] as number, qty: qty[i] as number })
        : spot.place({ type: 'market', account: who, side, qty: qty[i] as number });
    traded += result.order.filledQty;
  }
  return { spot, traded, canceled };
}

function replayPeer(stream: Stream): { book: OrderBook; traded: number; canceled: number } {
  const book = new OrderBook();
  const { kind, buy, price, qty, target, peerIds: ids } = stream;
  let nextId = 1;
  let traded = 0;
  let canceled = 0;
  for (let i = 0; i < stream.length; i++) {
    const k = kind[i];
    if (k === CANCEL) {
      if (book.cancel(ids[target[i] as number] as string) !== undefined) canceled++;
      continue;
    }
    const side = PEER_SIDES[buy[i] as number] as Side;
    const size = qty[i] as number;
    const id = ids[nextId++] as string;
    const result =
      k === LIMIT ? book.limit({ id, side, size, price: price[i] as number }) : book.market({ side, size });
    if (result.err) throw new Error(`peer refused operation ${i}: ${result.err.message}`);
    traded += size - result.quantityLeft;
  }
  return { book, traded, canceled };
}

function ourOutcome(engine: Pick<MatchingEngine, 'depth' | 'orderCount'>, traded: number, canceled: number): Outcome {
  const depth = engine.depth();
  return {
    traded,
    canceled,
    resting: engine.orderCount,
    bids: depth.bids.map((l) => [l.price, l.qty]),
    asks: depth.asks.map((l) => [l.price, l.qty]),
  };
}

function peerOutcome(book: OrderBook, traded: number, canceled: number): Outcome {
  const [asks, bids] = book.depth();
  const snapshot = book.snapshot();
  let resting = 0;
  for (const level of [...snapshot.bids, ...snapshot.asks]) resting += level.orders.length;
  return {
    traded,
    canceled,
    resting,
    bids: [...bids].sort((a, b) => b[0] - a[0]),
    asks: [...asks].sort((a, b) => a[0] - b[0]),
  };
}

function sameOutcome(a: Outcome, b: Outcome): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function timeRun(replay: () => unknown): number {
  const started = process.hrtime.bigint();
  replay();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

function summary(outcome: Outcome): string {
  const levels = `${outcome.bids.length}+${outcome.asks.length} levels`;
  return `${outcome.resting} resting in ${levels}, ${outcome.traded} lots traded, ${outcome.canceled} cancels hit`;
}

export async function run(): Promise<void> {
  const started = process.hrtime.bigint();
  const stream = generateStream(OPERATIONS, SEED);
  const { mix } = stream;
  const pct = (n: number): string => `${((100 * n) / stream.length).toFixed(1)} %`;
  const seconds = (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
  console.log(`matching: ${rate(stream.length)} operations, seed ${SEED.toString(16)}, ${ACCOUNTS.length} accounts`);
  console.log(
    `  mix: limit ${pct(mix.limits - mix.crossingLimits)} passive + ${pct(mix.crossingLimits)} crossing, ` +
      `market ${pct(mix.markets)}, cancel ${pct(mix.cancels)} (generated in ${seconds} s)`,
  );

  // Correctness first: on the same stream both engines must end in the same state.
  const ours = replayOurs(stream, 'none');
  const peer = replayPeer(stream);
  const settled = replayOursSettled(stream);
  const a = ourOutcome(ours.engine, ours.traded, ours.canceled);
  const b = peerOutcome(peer.book, peer.traded, peer.canceled);
  const c = ourOutcome(settled.spot.book, settled.traded, settled.canceled);
  console.log(`  check: ours ${summary(a)}`);
  console.log(`         peer ${summary(b)}`);
  if (!sameOutcome(a, b)) throw new Error('our engine and the peer disagree on the final book: the comparison is void');
  if (!sameOutcome(a, c)) throw new Error('the settled replay (SpotMarket) disagrees with the bare engine');
  console.log('         same book level by level (price and size), same lots traded, same cancels: ok');
  const prevented = replayOurs(stream, 'cancel_taker');
  console.log(
    `         with stp cancel_taker: ${prevented.engine.orderCount} resting, ${prevented.traded} lots traded ` +
      '(self-trades refused, so a different, valid outcome)',
  );

  const engines: Array<{ name: string; replay: () => unknown }> = [
    { name: 'ours: MatchingEngine, stp none', replay: () => replayOurs(stream, 'none') },
    { name: `peer: hft-limit-order-book ${PEER_VERSION}`, replay: () => replayPeer(stream) },
    { name: 'ours: MatchingEngine, stp cancel_taker', replay: () => replayOurs(stream, 'cancel_taker') },
    { name: 'ours: SpotMarket (engine + ledger)', replay: () => replayOursSettled(stream) },
  ];
  for (const engine of engines) engine.replay(); // warm-up
  const times = engines.map(() => [] as number[]);
  // Interleaved, so drift in machine load hits every engine alike.
  for (let round = 0; round < TIMED_RUNS; round++) {
    engines.forEach((engine, i) => times[i]?.push(timeRun(engine.replay)));
  }
  const opsPerSecond = times.map((t) => stream.length / median(t));
  const peerRate = opsPerSecond[1] as number;
  printTable(
    ['engine', `ops/s (median of ${TIMED_RUNS})`, 'vs peer'],
    engines.map((engine, i) => {
      const ops = opsPerSecond[i] as number;
      return [engine.name, rate(ops), `${(ops / peerRate).toFixed(2)}×`];
    }),
  );
  const oursRate = opsPerSecond[0] as number;
  console.log(
    `  ours / peer = ${(oursRate / peerRate).toFixed(2)} (target ≥ 5); ours = ${rate(oursRate)} ops/s (target ≥ 1,000,000)`,
  );
}
