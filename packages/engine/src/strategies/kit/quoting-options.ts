import type { QuotingOptions } from '@makerdesk/contract';
import { abs, add, compare, div, max, min, minus, mul, sign } from '@makerdesk/decimal';
import type { OrderBook, Side } from '@makerdesk/exchange';
import type { Intent } from '../../intents.ts';
import type { MarketSnapshot, OwnOrder, TickInput } from '../../strategy.ts';
import { bestAsk, bestBid, externalBook } from './book-price.ts';
import { drawDecimal } from './draw.ts';
import { checkObligation, depthInside, bandEdge, keepsAsMuch, restingAfter, topUpDepth, type QuotingObligation } from './obligation.ts';
import { capByBalance, venueMinimum } from './order-size.ts';
import { syncSlots, type DesiredOrder } from './sync-slots.ts';

/**
 * The professional options of the depth bots (Hummingbot's pure market making), applied to the
 * price layout a strategy wants, and the slot sync that turns it into intents. All are off when
 * absent or 0. The order of the rules is the order of the steps in `quoteSlots`.
 */

/** Band half-width when an inventory target is set without one. */
export const DEFAULT_INVENTORY_RANGE = '0.1';

/** A slot of the layout: where a strategy wants an order; `quoteSlots` gives it its amount. */
export interface Slot {
  tag: string;
  side: Side;
  price: string;
}

export interface QuoteSlotsInput {
  slots: readonly Slot[];
  reference: string;
  amountMin: string;
  amountMax: string;
  options: QuotingOptions | undefined;
  maxDeviation: string;
  /** Epoch ms until which a fill pause lasts (state). */
  pausedUntil: number;
  /** Orders matched to the slots by price, each side as a ladder (syncSlots' `ladder`). */
  ladder?: LadderSync;
  /**
   * Quote to the pair's obligation (issue 20 §6): sizes raised for the band's depth before the funds
   * are applied, and an exact sync where keeping orders within the tolerances would break it. The
   * slots' prices are the strategy's (obligationSlots). Absent: today's quoting, unchanged.
   */
  obligation?: QuotingObligation;
  tick: Pick<TickInput<unknown, unknown>, 'market' | 'orders' | 'fills' | 'now' | 'rng' | 'priceMode'>;
}

export interface QuoteSlotsOutput {
  intents: Intent[];
  pausedUntil: number;
  /** The orders wanted after every rule (before the sync keeps or replaces). */
  desired: DesiredOrder[];
  /** With an obligation: the sides whose funds do not cover its depth (or that cannot quote at all); empty when both do. */
  obligationShort?: Side[];
}

/**
 * How a ladder keeps its orders: an order may be nearer the market than its slot by the refresh
 * tolerance, and further by `passiveTolerance` (at least the tolerance).
 */
export interface LadderSync {
  passiveTolerance: string;
  /** syncSlots' `ladderSlack`: deep slots a side may leave empty before it refills them. */
  slack?: number;
}

/** What the three depth bots' configs and states share for quoting. */
export interface DepthQuotingTick {
  config: { orderAmountMin: string; orderAmountMax: string; options?: QuotingOptions | undefined; maxDeviation: string };
  state: { pausedUntil: number };
}

/** quoteSlots with a depth bot's amounts, options, deviation and pause taken from its tick. */
export function quoteDepthSlots(input: QuoteSlotsInput['tick'] & DepthQuotingTick, slots: readonly Slot[], reference: string, ladder?: LadderSync, obligation?: QuotingObligation): QuoteSlotsOutput {
  const { config, state } = input;
  return quoteSlots({
    ...(ladder ? { ladder } : {}),
    ...(obligation ? { obligation } : {}),
    slots,
    reference,
    amountMin: config.orderAmountMin,
    amountMax: config.orderAmountMax,
    options: config.options,
    maxDeviation: config.maxDeviation,
    pausedUntil: state.pausedUntil,
    tick: input,
  });
}

export function quoteSlots(input: QuoteSlotsInput): QuoteSlotsOutput {
  const { tick, options, reference } = input;
  const pausedUntil = pauseAfterFills(input.pausedUntil, tick.fills, options?.fillPauseSec);
  const others = externalBook(tick.market.book, tick.orders);
  const slots = input.slots.filter(
    (s) =>
      sign(s.price) > 0 &&
      allowedByFloorAndCeiling(s.side, reference, options) &&
      outsideMinSpread(s.price, reference, options?.minSpread) &&
      !crossesMarket(s, others) &&
      (tick.priceMode !== 'safe' || withinDeviation(s.price, reference, input.maxDeviation)),
  );
  const maxAgeMs = (options?.maxOrderAgeSec ?? 0) * 1000;
  const skew = skewFactors(options, tick.market.balances, reference);
  const openBySlot = new Map(tick.orders.filter((o) => o.state === 'open').map((o) => [o.tag, o]));
  const sized: DesiredOrder[] = [];
  for (const slot of slots) {
    const amount = slotAmount(slot, skew[slot.side], openBySlot.get(slot.tag), input, maxAgeMs);
    if (amount !== null) sized.push({ ...slot, ...amount });
  }
  const obligation = input.obligation;
  const toppedUp = obligation ? topUpDepth(sized, tick.orders, reference, obligation, tick.market.rules) : sized;
  const desired = capByBalance(toppedUp, tick.orders, tick.market.balances, tick.market.rules);
  const tolerance = options?.refreshTolerance;
  // A tolerance of 0 asks for exact prices: on both sides of the slot.
  const ladder = input.ladder
    ? { ladder: true, passiveTolerance: sign(tolerance ?? '0') > 0 ? max(tolerance ?? '0', input.ladder.passiveTolerance) : '0', ladderSlack: input.ladder.slack ?? 0 }
    : {};
  const syncOptions = { now: tick.now, tolerance, maxAgeMs, ...ladder };
  let intents = syncSlots(desired, tick.orders, syncOptions);
  if (obligation) {
    // Orders kept within the tolerances (or a ladder's empty deep slots) must not lose what the desired
    // layout keeps of the obligation: else the layout exactly, every order at its slot's price and amount.
    const pp = tick.market.rules.pricePrecision;
    const wanted = checkObligation(desired, reference, obligation, pp);
    if (!keepsAsMuch(wanted, checkObligation(restingAfter(intents, tick.orders), reference, obligation, pp))) {
      const exact = desired.map(({ amountRange: _range, ...d }) => d);
      intents = syncSlots(exact, tick.orders, { ...syncOptions, tolerance: '0', ...(input.ladder ? { passiveTolerance: '0', ladderSlack: 0 } : {}) });
    }
  }
  if (tick.now < pausedUntil) intents = onlyRequiredCancels(intents, desired, tick.orders);
  if (!obligation) return { intents, pausedUntil, desired };
  const short = (['buy', 'sell'] as const).filter((side) => compare(depthInside(desired, side, bandEdge(side, reference, obligation, tick.market.rules.pricePrecision)), obligation.minDepthQuote) < 0);
  return { intents, pausedUntil, desired, obligationShort: short };
}

/** A fill starts (or prolongs) a pause of `fillPauseSec` from the fill's time. */
export function pauseAfterFills(pausedUntil: number, fills: TickInput<unknown, unknown>['fills'], fillPauseSec: number | undefined): number {
  if (!fillPauseSec || fills.length === 0) return pausedUntil;
  const last = Math.max(...fills.map((f) => f.at));
  return Math.max(pausedUntil, last + fillPauseSec * 1000);
}

/** Above the ceiling only sell, below the floor only buy. */
export function allowedByFloorAndCeiling(side: Side, reference: string, options: QuotingOptions | undefined): boolean {
  if (side === 'buy' && options?.priceCeiling !== undefined && compare(reference, options.priceCeiling) > 0) return false;
  if (side === 'sell' && options?.priceFloor !== undefined && compare(reference, options.priceFloor) < 0) return false;
  return true;
}

/** False for a price closer to the reference than `minSpread` of it. */
export function outsideMinSpread(price: string, reference: string, minSpread: string | undefined): boolean {
  if (minSpread === undefined || sign(minSpread) <= 0) return true;
  return compare(abs(minus(price, reference)), mul(reference, minSpread)) >= 0;
}

/** Within `maxDeviation` (a fraction) of the reference: what safe price mode lets through. */
export function withinDeviation(price: string, reference: string, maxDeviation: string): boolean {
  return compare(abs(minus(price, reference)), mul(reference, maxDeviation)) <= 0;
}

/**
 * A bid at or above the best ask of the rest of the market (`others`, the book without the bot's own
 * orders), or an ask at or below its best bid, would take liquidity: the depth bots only make it.
 */
export function crossesMarket(slot: Pick<Slot, 'side' | 'price'>, others: OrderBook): boolean {
  const opposite = slot.side === 'buy' ? bestAsk(others) : bestBid(others);
  if (opposite === null) return false;
  return slot.side === 'buy' ? compare(slot.price, opposite) >= 0 : compare(slot.price, opposite) <= 0;
}

/**
 * Size factors from the inventory: d = (base share − target) / band, clipped to [−1, 1]; bids × (1 − d),
 * asks × (1 + d). Below the target bids grow towards 2x and asks shrink towards 0x at the band's edge.
 * The base share is the base's value at the reference over the pair's total value (totals, orders included).
 */
export function skewFactors(options: QuotingOptions | undefined, balances: MarketSnapshot['balances'], reference: string): Record<Side, string> {
  const target = options?.inventoryTarget;
  if (target === undefined) return { buy: '1', sell: '1' };
  const baseValue = mul(balances.base.total, reference);
  const total = add(baseValue, balances.quote.total);
  if (sign(total) <= 0) return { buy: '1', sell: '1' };
  const share = div(baseValue, total, { decimals: 12, rounding: 'half-even' });
  const range = options?.inventoryRange ?? DEFAULT_INVENTORY_RANGE;
  const d = max('-1', min('1', div(minus(share, target), range, { decimals: 12, rounding: 'half-even' })));
  return { buy: minus('1', d), sell: add('1', d) };
}

/**
 * The slot's amount: the amount of its own open order when that one is still young enough and inside
 * today's (skewed) bounds, so a size does not change for nothing and the order can be kept; else a
 * draw between min × factor and max × factor at the amount precision, raised to the venue's minimum.
 * Null when the factor is 0 (the side is skewed out).
 */
function slotAmount(slot: Slot, factor: string, own: OwnOrder | undefined, input: QuoteSlotsInput, maxAgeMs: number): Pick<DesiredOrder, 'amount' | 'amountRange'> | null {
  if (sign(factor) <= 0) return null;
  const { rules } = input.tick.market;
  const lo = mul(input.amountMin, factor);
  const hi = mul(input.amountMax, factor);
  const floorAmount = venueMinimum(slot.price, rules);
  const amountRange = { min: max(lo, floorAmount), max: max(hi, floorAmount) };
  const current = own && own.side === slot.side && !(maxAgeMs > 0 && input.tick.now - own.placedAt >= maxAgeMs) ? own : undefined;
  if (current && compare(current.amount, amountRange.min) >= 0 && compare(current.amount, amountRange.max) <= 0) return { amount: current.amount, amountRange };
  return { amount: max(drawDecimal(input.tick.rng, lo, hi, rules.amountPrecision), floorAmount), amountRange };
}

/** During a fill pause: no placement and no re-pricing; only orders whose slot is no longer wanted go. */
function onlyRequiredCancels(intents: Intent[], desired: readonly DesiredOrder[], own: TickInput<unknown, unknown>['orders']): Intent[] {
  const wanted = new Set(desired.map((d) => d.tag));
  const byId = new Map(own.map((o) => [o.clientOrderId, o]));
  return intents.filter((i) => i.kind === 'cancel' && !wanted.has(byId.get(i.clientOrderId)?.tag ?? ''));
}

/**
 * A full refresh redraws what a strategy holds in state (layer count, base spread): when the bot has
 * no live order (first tick, all filled or cancelled) or its oldest open order passed the max age.
 */
export function isFullRefresh(orders: TickInput<unknown, unknown>['orders'], now: number, options: QuotingOptions | undefined): boolean {
  if (orders.length === 0) return true;
  const maxAgeMs = (options?.maxOrderAgeSec ?? 0) * 1000;
  return maxAgeMs > 0 && orders.some((o) => o.state === 'open' && now - o.placedAt >= maxAgeMs);
}
