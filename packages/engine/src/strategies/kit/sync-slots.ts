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
}

export interface SyncOptions {
  now: number;
  /** Keep an order whose price is within this fraction of the desired price ("0" = exact match only). */
  tolerance?: string;
  /** Replace even a matching order older than this (0 or absent = never). */
  maxAgeMs?: number;
}

/**
 * Turns the desired layout into intents against the bot's own orders, slot by slot (tag):
 * - a slot whose order is in flight (unknown, canceling) is left alone: never placed twice;
 * - an open order that still fits (same side, price within tolerance, amount unchanged or only
 *   partly filled, not too old) is kept, keeping its queue position;
 * - otherwise it is cancelled, and the slot's new order placed;
 * - own orders in slots no longer desired are cancelled.
 * Cancels come first, so the venue frees the funds before the placements need them.
 */
export function syncSlots(desired: readonly DesiredOrder[], own: readonly OwnOrder[], options: SyncOptions): Intent[] {
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

function fits(order: OwnOrder, want: DesiredOrder, options: SyncOptions): boolean {
  if (order.side !== want.side) return false;
  if (options.maxAgeMs && options.now - order.placedAt >= options.maxAgeMs) return false;
  if (compare(order.amount, want.amount) !== 0) return false;
  if (compare(order.price, want.price) === 0) return true;
  const tolerance = options.tolerance ?? '0';
  if (compare(tolerance, '0') <= 0) return false;
  const moved = div(abs(minus(order.price, want.price)), want.price, { decimals: 12, rounding: 'up' });
  return compare(moved, tolerance) < 0;
}
