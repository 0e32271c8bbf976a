import { abs, compare, minus, mul } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import { cancel, type Intent } from '../intents.ts';
import type { OwnOrder } from '../strategy.ts';

/**
 * A quoting bot's placements held to its placement budget (issue 19's fleet target), pure: the caller
 * gives the time. Widening the refresh tolerance (PlacementGovernor) lowers how often a bot wants to
 * place, but not below what its fills and its ladder's ends ask for; the bucket is the hard bound.
 *
 * - `PlacementBucket`: a token bucket per bot, refilling at the budget (placements a minute), holding
 *   at most its burst: the start-up ladder plus a requote of the innermost bid and ask
 *   (INNER_REQUOTE), at least MIN_BURST. It starts full. Cancels take nothing from it: a venue's order
 *   limits count placements only.
 * - `deferPlacements`: a tick's intents cut to what the bucket allows. The side's nearest placements go
 *   first, and a side with no order, then one thinner than THIN, before the other side (counting
 *   the orders it keeps, deferred replacements' included), so the bot stays two-sided and its ladder
 *   keeps some depth after fills; the rest wait for a later tick. RESERVE tokens are kept for the
 *   placement that gives a side its only order (after a fill took its last): any other placement goes
 *   only while the bucket holds more. For each deferred placement, one of its side's
 *   cancels is held back and that order kept (the order of the deferred slot first, then the order
 *   furthest from the reference; never one whose tag a placement of the tick takes; a deferred
 *   replace is dropped whole), unless the order must go for safety: on the wrong side of the
 *   reference price, further from it than the bot's max deviation, no reference to judge by, or the
 *   bot stopping. Every other cancel goes as the strategy asked.
 */
export const INNER_REQUOTE = 2;
export const MIN_BURST = 4;
/** Tokens only a placement restoring an empty side may take. */
export const RESERVE = 1;
/** A side resting fewer orders is refilled before the other side's orders are requoted: a fill leaves it empty. */
export const THIN = 2;

export class PlacementBucket {
  private tokens: number | null = null;
  private capacity = MIN_BURST;
  private last = 0;

  /**
   * Whole placements allowed now at `perMinute` (Infinity without a budget: no bucket applies). The
   * first call with a budget sets the burst from the bot's ladder (its live orders and the placements
   * its tick wants) and fills the bucket.
   */
  available(now: number, perMinute: number | null, ladder: number): number {
    if (perMinute === null) return Number.POSITIVE_INFINITY;
    if (this.tokens === null) {
      this.capacity = Math.max(MIN_BURST, ladder + INNER_REQUOTE);
      this.tokens = this.capacity;
    } else {
      this.tokens = Math.min(this.capacity, this.tokens + (Math.max(0, now - this.last) * Math.max(0, perMinute)) / 60_000);
    }
    this.last = now;
    return Math.floor(this.tokens + 1e-9);
  }

  /** A placement was sent. */
  spend(n = 1): void {
    if (this.tokens !== null) this.tokens -= n;
  }

  get burst(): number {
    return this.capacity;
  }
}

export interface DeferInput {
  intents: readonly Intent[];
  /** The bot's own orders as the tick decided with them. */
  own: readonly OwnOrder[];
  /** Whole placements allowed this tick (PlacementBucket.available). */
  allowed: number;
  /** The tick's reference price; null when the strategy had none. */
  reference: string | null;
  /** The bot's max deviation from the reference (a fraction); null for a type without one. */
  maxDeviation: string | null;
}

export interface DeferPlan {
  intents: Intent[];
  /** Placements held back for a later tick. */
  deferred: number;
  /** Cancels held back with them: orders kept in place of a deferred placement. */
  kept: number;
}

interface Placement {
  index: number;
  side: Side;
  price: string;
  tag: string;
}

/** The tick's intents within `allowed` placements (see the file's comment). */
export function deferPlacements(input: DeferInput): DeferPlan {
  const { intents } = input;
  const placements: Placement[] = [];
  intents.forEach((intent, index) => {
    // A self-trade leg (the simulator's volume bots) is never split from its other leg.
    if (intent.kind === 'place' && intent.selfTrade !== true) placements.push({ index, side: intent.side, price: intent.price, tag: intent.tag });
    if (intent.kind === 'replace') placements.push({ index, side: intent.place.side, price: intent.place.price, tag: intent.place.tag });
  });
  if (placements.length === 0 || input.allowed === Number.POSITIVE_INFINITY || intents.some((i) => i.kind === 'stop')) return { intents: [...intents], deferred: 0, kept: 0 };

  const byId = new Map(input.own.map((o) => [o.clientOrderId, o]));
  // What each side keeps resting whatever is deferred: its orders less those that must go (a safe
  // order whose replacement waits is kept). Placements beyond the side's safe cancels add to it.
  const resting: Record<Side, number> = { buy: 0, sell: 0 };
  const safeCancels: Record<Side, number> = { buy: 0, sell: 0 };
  for (const o of input.own) if (o.state !== 'canceling') resting[o.side]++;
  for (const intent of intents) {
    const going = intent.kind === 'cancel' || intent.kind === 'replace' ? byId.get(intent.clientOrderId) : undefined;
    if (!going || going.state === 'canceling') continue;
    if (going.state === 'open' && safeToKeep(going, input)) safeCancels[going.side]++;
    else resting[going.side]--;
  }
  const chosen: Record<Side, number> = { buy: 0, sell: 0 };
  const holding = (side: Side) => resting[side] + Math.max(0, chosen[side] - safeCancels[side]);
  // A side with no order first (it may take the reserve), then a thin side (under THIN orders), then the nearest.
  const tier = (side: Side) => (holding(side) <= 0 ? 0 : holding(side) < THIN ? 1 : 2);
  const distance = (price: string) => (input.reference === null ? null : abs(minus(price, input.reference)));
  const nearer = (a: Placement, b: Placement) => {
    const [da, db] = [distance(a.price), distance(b.price)];
    return da === null || db === null ? a.index - b.index : compare(da, db) || a.index - b.index;
  };
  const remaining = [...placements];
  let tokens = Math.max(0, input.allowed);
  const sending = new Set<number>();
  while (remaining.length > 0 && tokens >= 1) {
    // Each side's nearest remaining placement; the better tier goes first, then the nearer.
    const heads = (['buy', 'sell'] as const).map((side) => remaining.filter((p) => p.side === side).sort(nearer)[0]).filter((p): p is Placement => p !== undefined);
    heads.sort((a, b) => tier(a.side) - tier(b.side) || nearer(a, b));
    const next = heads[0]!;
    if (tokens < (tier(next.side) === 0 ? 1 : 1 + RESERVE)) break;
    sending.add(next.index);
    remaining.splice(remaining.indexOf(next), 1);
    tokens--;
    chosen[next.side]++;
  }
  const deferred = placements.filter((p) => !sending.has(p.index));
  if (deferred.length === 0) return { intents: [...intents], deferred: 0, kept: 0 };

  // The cancels held back: per side, as many as its deferred placements (a deferred replace keeps its own order).
  const takenTags = new Set(placements.filter((p) => sending.has(p.index)).map((p) => p.tag));
  const deferredTags = new Set(deferred.map((p) => p.tag));
  const held = new Set<string>();
  for (const side of ['buy', 'sell'] as const) {
    let room = deferred.filter((p) => p.side === side && intents[p.index]!.kind === 'place').length;
    const candidates = intents
      .map((intent) => (intent.kind === 'cancel' ? byId.get(intent.clientOrderId) : undefined))
      .filter((o): o is OwnOrder => o !== undefined && o.side === side && o.state === 'open' && !takenTags.has(o.tag) && safeToKeep(o, input));
    candidates.sort((a, b) => Number(deferredTags.has(b.tag)) - Number(deferredTags.has(a.tag)) || compare(distance(b.price)!, distance(a.price)!));
    for (const o of candidates) {
      if (room-- <= 0) break;
      held.add(o.clientOrderId);
    }
  }
  const out: Intent[] = [];
  let kept = held.size;
  intents.forEach((intent, index) => {
    const isDeferred = (intent.kind === 'place' || intent.kind === 'replace') && placements.some((p) => p.index === index) && !sending.has(index);
    if (intent.kind === 'place' && isDeferred) return;
    if (intent.kind === 'replace' && isDeferred) {
      const going = byId.get(intent.clientOrderId);
      if (going === undefined || !safeToKeep(going, input)) out.push(cancel(intent.clientOrderId));
      else kept++;
      return;
    }
    if (intent.kind === 'cancel' && held.has(intent.clientOrderId)) return;
    out.push(intent);
  });
  return { intents: out, deferred: deferred.length, kept };
}

/**
 * An order that may rest on while its replacement waits: on its own side of the reference (a bid
 * under it, an ask over it) and within the max deviation of it. Without a reference nothing can be
 * judged: the cancel goes.
 */
export function safeToKeep(order: Pick<OwnOrder, 'side' | 'price'>, context: { reference: string | null; maxDeviation: string | null }): boolean {
  const { reference, maxDeviation } = context;
  if (reference === null) return false;
  const side = compare(order.price, reference);
  if (order.side === 'buy' ? side >= 0 : side <= 0) return false;
  return maxDeviation === null || compare(abs(minus(order.price, reference)), mul(reference, maxDeviation)) <= 0;
}
