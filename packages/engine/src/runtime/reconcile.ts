import { isOwnClientOrderId, type Order } from '@makerdesk/exchange';
import type { JournalOrder } from '../ports.ts';

/**
 * Reconciliation (DESIGN §7), the pure half: how the journal's live orders and the venue's open
 * orders of the bot's scope pair up. The executor carries the plan out.
 */
export interface ReconcilePlan {
  /** Journalled and open on the venue: take the venue's state and fills. */
  matched: { order: JournalOrder; venue: Order }[];
  /** Journalled, not open on the venue (finished, never arrived, or answer lost): look up by client id. */
  missing: JournalOrder[];
  /** Open on the venue with the bot's scope, not live in the journal (a journal write lost): adopt or cancel. */
  orphans: Order[];
}

export function planReconciliation(live: readonly JournalOrder[], venueOpen: readonly Order[], scope: string): ReconcilePlan {
  const own = venueOpen.filter((o) => isOwnClientOrderId(o.clientOrderId, scope));
  const byClientId = new Map(own.map((o) => [o.clientOrderId!, o]));
  const matched: ReconcilePlan['matched'] = [];
  const missing: JournalOrder[] = [];
  for (const order of live) {
    const venue = byClientId.get(order.clientOrderId);
    if (venue) matched.push({ order, venue });
    else missing.push(order);
  }
  const journalled = new Set(live.map((o) => o.clientOrderId));
  const orphans = own.filter((o) => !journalled.has(o.clientOrderId!));
  return { matched, missing, orphans };
}
