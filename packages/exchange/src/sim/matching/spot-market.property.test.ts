/**
 * Random streams of orders (GTC, IOC, fill-or-kill, post-only, market) and cancels from several accounts, run through SpotMarket (engine +
 * ledger) and, step by step, through a deliberately naive reference matcher (filter + sort on
 * every step). Every fill, status and resting order must agree, and after every step: each
 * asset is conserved, the book is not crossed, no balance is negative, every order adds up,
 * frozen funds equal what resting orders hold, and no account ever trades with itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Ledger, LedgerError } from './ledger.ts';
import { defineMarket } from './market.ts';
import { SpotMarket } from './spot-market.ts';
import {
  MatchingError,
  type OrderRequest,
  type OrderView,
  type PlaceResult,
  type Side,
  type StpMode,
} from './types.ts';

// One lot = 10 base units, one tick × one lot = 10 quote units: fees of a few units round a lot.
const market = defineMarket({
  symbol: 'BU',
  base: 'B',
  quote: 'U',
  pricePrecision: 1,
  amountPrecision: 1,
  baseDecimals: 2,
  quoteDecimals: 3,
  makerFeePpm: 2_500,
  takerFeePpm: 10_000,
});

const ACCOUNTS = ['a', 'b', 'c'] as const;
const PREVENTING: readonly StpMode[] = ['cancel_taker', 'cancel_maker', 'cancel_both'];

interface RefOrder {
  readonly id: number;
  readonly account: string;
  readonly buy: boolean;
  readonly price: number;
  remaining: number;
}

interface RefOutcome {
  readonly selfTrade: boolean;
  readonly fills: Array<[number, number, number]>;
  readonly canceledMakers: number[];
  readonly filledQty: number;
  readonly remainingQty: number;
  readonly canceledQty: number;
  readonly status: string;
}

/** Price-time priority the slow, obvious way. */
class ReferenceBook {
  resting: RefOrder[] = [];

  constructor(private readonly defaultStp: StpMode) {}

  private candidates(buy: boolean, limit: number): RefOrder[] {
    return this.resting
      .filter((o) => o.buy !== buy && (buy ? o.price <= limit : o.price >= limit))
      .sort((x, y) => (buy ? x.price - y.price : y.price - x.price) || x.id - y.id);
  }

  wouldTake(req: OrderRequest): boolean {
    return req.type === 'limit' && this.candidates(req.side === 'buy', req.price).length > 0;
  }

  place(req: OrderRequest, id: number): RefOutcome {
    if (req.type === 'limit' && req.timeInForce === 'FOK') {
      // Tried as an IOC; anything short of a complete fill is undone.
      const saved = this.resting.map((o) => ({ ...o }));
      const tried = this.place({ ...req, timeInForce: 'IOC' as const }, id);
      if (tried.filledQty === req.qty) return tried;
      this.resting = saved;
      return { selfTrade: false, fills: [], canceledMakers: [], filledQty: 0, remainingQty: 0, canceledQty: req.qty, status: 'canceled' };
    }
    const buy = req.side === 'buy';
    const stp = req.stp ?? this.defaultStp;
    const limit = req.type === 'limit' ? req.price : buy ? Infinity : -Infinity;
    const fills: Array<[number, number, number]> = [];
    const canceledMakers: number[] = [];
    let remaining = req.quoteQty === undefined ? req.qty : Infinity;
    let budget = req.quoteQty ?? 0n;
    let filledQty = 0;
    let stop: 'book' | 'self' | 'budget' = 'book';
    while (remaining > 0) {
      const maker = this.candidates(buy, limit)[0];
      if (maker === undefined) break;
      if (maker.account === req.account && stp !== 'none') {
        if (stp === 'cancel_taker') {
          stop = 'self';
          break;
        }
        this.resting = this.resting.filter((o) => o !== maker);
        canceledMakers.push(maker.id);
        if (stp === 'cancel_both') {
          stop = 'self';
          break;
        }
        continue;
      }
      let qty = Math.min(remaining, maker.remaining);
      if (req.quoteQty !== undefined) {
        const affordable = Number(budget / (BigInt(maker.price) * market.tickLotUnits));
        if (affordable === 0) {
          stop = 'budget';
          break;
        }
        qty = Math.min(qty, affordable);
        budget -= BigInt(maker.price) * BigInt(qty) * market.tickLotUnits;
      }
      fills.push([maker.id, maker.price, qty]);
      filledQty += qty;
      remaining -= qty;
      maker.remaining -= qty;
      if (maker.remaining === 0) this.resting = this.resting.filter((o) => o !== maker);
    }
    const selfTrade = stop === 'self' || canceledMakers.length > 0;
    if (req.quoteQty !== undefined) {
      const status = filledQty === 0 ? 'canceled' : stop === 'budget' ? 'filled' : 'partial_canceled';
      return { selfTrade, fills, canceledMakers, filledQty, remainingQty: 0, canceledQty: 0, status };
    }
    if (remaining === 0) return { selfTrade, fills, canceledMakers, filledQty, remainingQty: 0, canceledQty: 0, status: 'filled' };
    if (stop === 'book' && req.type === 'limit' && req.timeInForce !== 'IOC') {
      this.resting.push({ id, account: req.account, buy, price: req.price, remaining });
      const status = filledQty > 0 ? 'partial_filled' : 'pending';
      return { selfTrade, fills, canceledMakers, filledQty, remainingQty: remaining, canceledQty: 0, status };
    }
    const status = filledQty > 0 ? 'partial_canceled' : 'canceled';
    return { selfTrade, fills, canceledMakers, filledQty, remainingQty: 0, canceledQty: remaining, status };
  }

  cancel(id: number, account: string | undefined): boolean {
    const order = this.resting.find((o) => o.id === id);
    if (order === undefined || (account !== undefined && order.account !== account)) return false;
    this.resting = this.resting.filter((o) => o !== order);
    return true;
  }
}

type Step =
  | { kind: 'order'; req: OrderRequest }
  | { kind: 'cancel'; pick: number; account: string | undefined };

const account = fc.constantFrom(...ACCOUNTS);
const side = fc.constantFrom<Side>('buy', 'sell');
const stp = fc.option(fc.constantFrom(...PREVENTING), { nil: undefined });

const limitStep = fc
  .record({
    account,
    side,
    price: fc.integer({ min: 95, max: 105 }),
    qty: fc.integer({ min: 1, max: 20 }),
    flavour: fc.constantFrom('GTC', 'GTC', 'IOC', 'FOK', 'post-only'),
    stp,
  })
  .map(({ flavour, ...rest }): Step => ({
    kind: 'order',
    req: {
      type: 'limit',
      ...rest,
      ...(flavour === 'IOC' || flavour === 'FOK' ? { timeInForce: flavour } : {}),
      ...(flavour === 'post-only' ? { postOnly: true } : {}),
    },
  }));

const marketStep = fc
  .record({ account, side, qty: fc.integer({ min: 1, max: 40 }), stp })
  .map((r): Step => ({ kind: 'order', req: { type: 'market', ...r } }));

const quoteBuyStep = fc
  .record({ account, quoteQty: fc.bigInt({ min: 1n, max: 60_000n }), stp })
  .map((r): Step => ({ kind: 'order', req: { type: 'market', side: 'buy', ...r } }));

const cancelStep = fc
  .record({ pick: fc.nat(), account: fc.option(account, { nil: undefined }) })
  .map((r): Step => ({ kind: 'cancel', ...r }));

const scenario = fc.record({
  defaultStp: fc.constantFrom(...PREVENTING),
  deposits: fc.array(fc.tuple(fc.bigInt({ min: 200n, max: 3_000n }), fc.bigInt({ min: 20_000n, max: 300_000n })), {
    minLength: ACCOUNTS.length,
    maxLength: ACCOUNTS.length,
  }),
  steps: fc.array(
    fc.oneof(
      { arbitrary: limitStep, weight: 6 },
      { arbitrary: marketStep, weight: 2 },
      { arbitrary: quoteBuyStep, weight: 1 },
      { arbitrary: cancelStep, weight: 3 },
    ),
    { minLength: 20, maxLength: 100 },
  ),
});

/** Original quantity and lots filled per order id, counted from the fills alone. */
interface Tally {
  qty: number;
  filled: number;
}

function checkAddsUp(order: OrderView, tallies: Map<number, Tally>): void {
  expect(order.filledQty + order.remainingQty + order.canceledQty).toBe(order.qty);
  expect(order.filledQty).toBe(tallies.get(order.id)?.filled ?? 0);
  const resting = order.status === 'pending' || order.status === 'partial_filled';
  expect(resting).toBe(order.remainingQty > 0);
  if (order.status === 'pending') expect(order.filledQty).toBe(0);
  if (order.status === 'canceled') expect(order.filledQty).toBe(0);
  if (order.status === 'partial_filled' || order.status === 'partial_canceled') expect(order.filledQty).toBeGreaterThan(0);
  if (order.status === 'filled') expect(order.canceledQty).toBe(0);
}

function checkInvariants(spot: SpotMarket, ledger: Ledger, tallies: Map<number, Tally>): void {
  // (a) conservation of every asset, fee account included.
  for (const asset of [market.base, market.quote]) expect(ledger.total(asset)).toBe(ledger.supplyOf(asset));
  // (b) the book is never crossed.
  const bid = spot.book.bestBid();
  const ask = spot.book.bestAsk();
  if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
  // (c) no negative balance; frozen equals what resting orders hold.
  const held = new Map<string, bigint>();
  const resting = spot.book.restingOrders();
  for (const order of resting) {
    const key = `${order.account}/${order.side === 'buy' ? market.quote : market.base}`;
    held.set(key, (held.get(key) ?? 0n) + (spot.heldFor(order.id) ?? -1n));
    // (d) for every resting order.
    checkAddsUp(order, tallies);
  }
  for (const who of ledger.accounts()) {
    for (const [asset, balance] of ledger.balances(who)) {
      expect(balance.available).toBeGreaterThanOrEqual(0n);
      expect(balance.frozen).toBe(held.get(`${who}/${asset}`) ?? 0n);
    }
  }
}

function checkAgainstReference(result: PlaceResult, expected: RefOutcome): void {
  expect(result.fills.map((f) => [f.makerOrderId, f.price, f.qty])).toEqual(expected.fills);
  expect(result.canceledMakers.map((o) => o.id)).toEqual(expected.canceledMakers);
  const { filledQty, remainingQty, canceledQty, status } = result.order;
  expect({ filledQty, remainingQty, canceledQty, status }).toEqual({
    filledQty: expected.filledQty,
    remainingQty: expected.remainingQty,
    canceledQty: expected.canceledQty,
    status: expected.status,
  });
}

describe('SpotMarket over random order streams', () => {
  it('matches a naive reference and keeps every invariant after every step', () => {
    // Counted over all runs, so the streams are known to reach every path they are meant to.
    const seen = {
      fills: 0,
      stpCanceledMakers: 0,
      stpStoppedTakers: 0,
      postOnlyRefused: 0,
      unfunded: 0,
      cancels: 0,
      fokFilled: 0,
      fokKilled: 0,
      statuses: new Set<string>(),
    };
    fc.assert(
      fc.property(scenario, ({ defaultStp, deposits, steps }) => {
        const ledger = new Ledger();
        ACCOUNTS.forEach((who, i) => {
          const [base, quote] = deposits[i] as [bigint, bigint];
          ledger.deposit(who, market.base, base);
          ledger.deposit(who, market.quote, quote);
        });
        const spot = new SpotMarket(market, ledger, { stp: defaultStp });
        const reference = new ReferenceBook(defaultStp);
        const tallies = new Map<number, Tally>();
        const ids: number[] = [];

        for (const step of steps) {
          if (step.kind === 'cancel') {
            const id = ids.length === 0 ? 1 : (ids[step.pick % ids.length] as number);
            const canceled = spot.cancel(id, step.account);
            expect(canceled !== undefined).toBe(reference.cancel(id, step.account));
            if (canceled !== undefined) {
              seen.cancels++;
              expect(canceled.status === 'canceled' || canceled.status === 'partial_canceled').toBe(true);
              checkAddsUp(canceled, tallies);
            }
          } else {
            const nextId = spot.book.peekOrderId;
            const depthBefore = spot.book.depth();
            let result: PlaceResult;
            try {
              result = spot.place(step.req);
            } catch (error) {
              if (error instanceof MatchingError) {
                seen.postOnlyRefused++;
                expect(error.code).toBe('post_only_would_take');
                expect(reference.wouldTake(step.req)).toBe(true);
              } else if (error instanceof LedgerError && error.code === 'insufficient_balance') {
                seen.unfunded++;
              } else {
                throw error;
              }
              expect(spot.book.peekOrderId).toBe(nextId);
              expect(spot.book.depth()).toEqual(depthBefore);
              checkInvariants(spot, ledger, tallies);
              continue;
            }
            expect(result.order.id).toBe(nextId);
            if (step.req.type === 'limit' && step.req.postOnly === true) expect(reference.wouldTake(step.req)).toBe(false);
            const expected = reference.place(step.req, nextId);
            checkAgainstReference(result, expected);
            seen.fills += result.fills.length;
            seen.stpCanceledMakers += result.canceledMakers.length;
            expect(result.selfTradePrevented).toBe(expected.selfTrade);
            const tif = step.req.type === 'limit' ? (step.req.timeInForce ?? 'GTC') : 'IOC';
            if (result.order.canceledQty > 0 && tif === 'GTC') seen.stpStoppedTakers++;
            if (tif === 'FOK') {
              // All or nothing: filled entirely, or expired with no fill and no maker touched.
              if (result.order.status === 'filled') seen.fokFilled++;
              else {
                seen.fokKilled++;
                expect(result.order).toMatchObject({ status: 'canceled', filledQty: 0, canceledQty: result.order.qty });
                expect(result.fills).toEqual([]);
                expect(result.canceledMakers).toEqual([]);
                expect(spot.book.depth()).toEqual(depthBefore);
              }
              expect(spot.heldFor(result.order.id)).toBeUndefined();
            }
            seen.statuses.add(result.order.status);
            ids.push(nextId);
            tallies.set(nextId, { qty: result.order.qty, filled: 0 });
            for (const fill of result.fills) {
              // (e) no self-trade, and never a worse price than the taker's limit.
              expect(fill.takerAccount).not.toBe(fill.makerAccount);
              if (step.req.type === 'limit') {
                expect(fill.takerSide === 'buy' ? fill.price <= step.req.price : fill.price >= step.req.price).toBe(true);
              }
              for (const id of [fill.takerOrderId, fill.makerOrderId]) {
                const tally = tallies.get(id) as Tally;
                tally.filled += fill.qty;
              }
              if (fill.makerFilled) {
                const maker = tallies.get(fill.makerOrderId) as Tally;
                expect(maker.filled).toBe(maker.qty);
              }
            }
            checkAddsUp(result.order, tallies);
            for (const maker of result.canceledMakers) checkAddsUp(maker, tallies);
          }
          const byId = (x: number[], y: number[]): number => (x[0] as number) - (y[0] as number);
          const resting = spot.book.restingOrders().map((o) => [o.id, o.remainingQty]);
          expect(resting.sort(byId)).toEqual(reference.resting.map((o) => [o.id, o.remaining]).sort(byId));
          checkInvariants(spot, ledger, tallies);
        }

        // Canceling everything that rests unfreezes everything.
        for (const order of spot.book.restingOrders()) spot.cancel(order.id);
        for (const who of ledger.accounts()) {
          for (const balance of ledger.balances(who).values()) expect(balance.frozen).toBe(0n);
        }
        checkInvariants(spot, ledger, tallies);
      }),
      { numRuns: 200, seed: 20251123 },
    );
    expect(seen.fills).toBeGreaterThan(500);
    expect(seen.stpCanceledMakers).toBeGreaterThan(50);
    expect(seen.stpStoppedTakers).toBeGreaterThan(50);
    expect(seen.postOnlyRefused).toBeGreaterThan(50);
    expect(seen.unfunded).toBeGreaterThan(50);
    expect(seen.cancels).toBeGreaterThan(50);
    expect(seen.fokFilled).toBeGreaterThan(50);
    expect(seen.fokKilled).toBeGreaterThan(50);
    expect([...seen.statuses].sort()).toEqual(['canceled', 'filled', 'partial_canceled', 'partial_filled', 'pending']);
  });
});
