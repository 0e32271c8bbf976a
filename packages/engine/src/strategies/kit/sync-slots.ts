import { abs, compare, div, minus } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import { cancel, place, type Intent } from '../../intents.ts';
import type { OwnOrder } from '../../strategy.ts';

/** An order a strategy wants resting in a slot. */
export interface DesiredOrder {
  tag: string;
  side: Side;
  price: string;
  amount: string;
  /**
   * The amounts an order already resting may have to be kept in this slot (the slot's bounds); without
   * it only `amount` itself fits. A new order is placed with `amount`.
   */
  amountRange?: { min: string; max: string };
}

export interface SyncOptions {
  now: number;
  /** Keep an order whose price is within this fraction of the desired price ("0" = exact match only). */
  tolerance?: string;
  /**
   * For a ladder: keep an order further from the market than its slot within this fraction (a
   * wider band than `tolerance`, which then bounds only the orders nearer the market). Absent: `tolerance`.
   */
  passiveTolerance?: string;
  /** Replace even a matching order older than this (0 or absent = never). */
  maxAgeMs?: number;
  /**
   * Match a side's orders to its slots by price instead of by tag (a ladder): when the market moves
   * by a layer step, the ladder's orders fill the neighbouring slots and only its ends are replaced.
   */
  ladder?: boolean;
  /**
   * For a ladder: how many of a side's deepest slots may stay empty once the side holds all but that
   * many (the side refills when it falls below). The market moving towards a side takes its nearest
   * order off; its deep end is refilled only every `ladderSlack + 1` such steps, so a market going
   * back and forth costs one placement a step instead of two.
   */
  ladderSlack?: number;
}

/**
 * Turns the desired layout into intents against the bot's own orders. Cancels come first, so the
 * venue frees the funds before the placements need them. By tag (the default), slot by slot:
 * - a slot whose order is in flight (unknown, canceling) is left alone: never placed twice;
 * - an open order that still fits (same side, price within tolerance, amount unchanged or only
 *   partly filled, not too old) is kept, keeping its queue position;
 * - otherwise it is cancelled, and the slot's new order placed;
 * - own orders in slots no longer desired are cancelled.
 * As a ladder (`options.ladder`), see syncLadderSide.
 */
export function syncSlots(desired: readonly DesiredOrder[], own: readonly OwnOrder[], options: SyncOptions): Intent[] {
  if (options.ladder) {
    const buy = syncLadderSide('buy', desired, own, options);
    const sell = syncLadderSide('sell', desired, own, options);
    // Placements in the layout's order (nearest slots first when the layout lists them so).
    const places = [...buy.places, ...sell.places].sort((a, b) => a.index - b.index).map((p) => p.intent);
    // Cancels in the order the bot's orders came (both sides interleaved as placed).
    const rank = new Map(own.map((o, i) => [o.clientOrderId, i]));
    const cancels = [...buy.cancels, ...sell.cancels].sort((a, b) => (rank.get(idOf(a)) ?? 0) - (rank.get(idOf(b)) ?? 0));
    return [...cancels, ...places];
  }
  const cancels: Intent[] = [];
  const places: Intent[] = [];
  const bySlot = new Map<string, OwnOrder[]>();
  for (const order of own) {
    const list = bySlot.get(order.tag);
    if (list) list.push(order);
    else bySlot.set(order.tag, [order]);
  }
  const wanted = new Set<string>();
  for (const want of desired) {
    wanted.add(want.tag);
    const current = bySlot.get(want.tag) ?? [];
    if (current.some((o) => o.state !== 'open')) continue;
    const keep = current.find((o) => fits(o, want, options));
    for (const o of current) if (o !== keep) cancels.push(cancel(o.clientOrderId));
    if (!keep) places.push(place({ tag: want.tag, side: want.side, price: want.price, amount: want.amount }));
  }
  for (const [tag, orders] of bySlot) {
    if (wanted.has(tag)) continue;
    for (const o of orders) if (o.state === 'open') cancels.push(cancel(o.clientOrderId));
  }
  return [...cancels, ...places];
}

/**
 * One side of a ladder. The side's slots and orders are walked nearest the market first (bids from
 * the highest price, asks from the lowest), and each slot takes the first order that fits it:
 * - an order nearer the market than the slot's tolerance fits no slot behind it either: cancelled;
 * - an order further out is left for the slots behind; the slot gets a new order;
 * - an order in flight (unknown, canceling) takes the slot its price fits whatever its amount, and is
 *   never cancelled here (its answer or cancel is pending): a slot is never placed twice;
 * - open orders no slot took are cancelled.
 * A new order takes a tag of the side's slots that no order of the bot holds, nearest first, so tags
 * stay unique while orders move between slots (with none free, an order in flight holds one: the
 * slot waits for the next tick).
 */
function syncLadderSide(side: Side, desired: readonly DesiredOrder[], own: readonly OwnOrder[], options: SyncOptions): { cancels: Intent[]; places: { index: number; intent: Intent }[] } {
  const nearer = (a: string, b: string) => (side === 'buy' ? compare(a, b) > 0 : compare(a, b) < 0);
  const byNearest = <T extends { price: string }>(a: T, b: T) => (nearer(a.price, b.price) ? -1 : nearer(b.price, a.price) ? 1 : 0);
  const wants = desired.filter((d) => d.side === side).sort(byNearest);
  const orders = own.filter((o) => o.side === side).sort(byNearest);
  const cancels: Intent[] = [];
  const unfilled: DesiredOrder[] = [];
  let j = 0;
  for (const want of wants) {
    let taken = false;
    for (let order = orders[j]; order !== undefined; order = orders[j]) {
      const inFlight = order.state !== 'open';
      if (priceFits(order.price, want.price, nearer(order.price, want.price) ? options.tolerance : (options.passiveTolerance ?? options.tolerance))) {
        j++;
        if (inFlight || (amountFits(order, want) && youngEnough(order, options))) {
          taken = true;
          break;
        }
        cancels.push(cancel(order.clientOrderId));
        continue;
      }
      if (!nearer(order.price, want.price)) break;
      j++;
      if (!inFlight) cancels.push(cancel(order.clientOrderId));
    }
    if (!taken) unfilled.push(want);
  }
  for (const order of orders.slice(j)) if (order.state === 'open') cancels.push(cancel(order.clientOrderId));
  // The deepest empty slots stay empty while the side holds all but `ladderSlack` of its slots.
  const slack = options.ladderSlack ?? 0;
  if (slack > 0 && unfilled.length <= slack && unfilled.every((w, i) => w === wants[wants.length - unfilled.length + i])) unfilled.length = 0;
  const cancelled = new Set(cancels.map(idOf));
  const held = new Set(orders.filter((o) => !cancelled.has(o.clientOrderId)).map((o) => o.tag));
  const freeTags = wants.map((w) => w.tag).filter((tag) => !held.has(tag));
  // No free tag: an order in flight still holds it (the executor never places into a busy tag); next tick.
  const places = unfilled.slice(0, freeTags.length).map((want, i) => ({
    index: desired.indexOf(want),
    intent: place({ tag: freeTags[i] as string, side, price: want.price, amount: want.amount }),
  }));
  return { cancels, places };
}

function idOf(intent: Intent): string {
  return intent.kind === 'cancel' ? intent.clientOrderId : '';
}

function fits(order: OwnOrder, want: DesiredOrder, options: SyncOptions): boolean {
  return order.side === want.side && youngEnough(order, options) && amountFits(order, want) && priceFits(order.price, want.price, options.tolerance);
}

function youngEnough(order: OwnOrder, options: SyncOptions): boolean {
  return !(options.maxAgeMs && options.now - order.placedAt >= options.maxAgeMs);
}

function amountFits(order: OwnOrder, want: DesiredOrder): boolean {
  if (compare(order.amount, want.amount) === 0) return true;
  const range = want.amountRange;
  return range !== undefined && compare(order.amount, range.min) >= 0 && compare(order.amount, range.max) <= 0;
}

function priceFits(price: string, wanted: string, tolerance: string | undefined): boolean {
  if (compare(price, wanted) === 0) return true;
  if (tolerance === undefined || compare(tolerance, '0') <= 0) return false;
  const moved = div(abs(minus(price, wanted)), wanted, { decimals: 12, rounding: 'up' });
  return compare(moved, tolerance) < 0;
}
