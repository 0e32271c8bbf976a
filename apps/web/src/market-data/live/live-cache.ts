import { liveServerMessage, type LiveServerMessage, type RobotDto } from '@makerdesk/contract';
import { isPositive } from '@/lib/numbers';
import { orderBookQueryKey } from '../api/get-order-book';
import { historyOrdersQueryKey } from '../api/get-history-orders';
import { myTradesQueryKey } from '../api/get-my-trades';
import { openOrdersQueryKey } from '../api/get-open-orders';
import { priceQueryKey } from '../api/get-price';
import { PUBLIC_TRADES_LIMIT, publicTradesQueryKey } from '../api/get-public-trades';
import { walletQueryKey } from '../api/get-wallet';
import { robotsQueryKey } from '../query-keys';
import type { Balance, Order, OrderBook, Price, PublicTrade, Wallet } from '../types';

/** What `/backend/ws` sends after `{type:'auth'}` and `{type:'subscribe', coinId}`. */
export type LiveMessage = LiveServerMessage;

/** Checks a pushed message against the contract's schema; anything else reads as null and is ignored. */
export function parseLiveMessage(raw: unknown): LiveMessage | null {
  const parsed = liveServerMessage.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** One change to the query cache: replace a query's data, or mark it stale so it is fetched again. */
export type CacheChange =
  | { kind: 'set'; queryKey: readonly unknown[]; update: (old: unknown) => unknown }
  | { kind: 'invalidate'; queryKey: readonly unknown[] };

/** A `set` whose updater leaves a query alone until it has loaded once (its first fetch is complete data). */
function set<T>(queryKey: readonly unknown[], update: (old: T) => T): CacheChange {
  return { kind: 'set', queryKey, update: (old) => (old === undefined ? undefined : update(old as T)) };
}

const isOpenOrder = (o: Pick<Order, 'status'>) => o.status === 'pending' || o.status === 'partial_filled';

function upsert(list: Order[], changed: Order): Order[] {
  return list.some((o) => o.orderNo === changed.orderNo) ? list.map((o) => (o.orderNo === changed.orderNo ? changed : o)) : [changed, ...list];
}

/**
 * How a pushed message changes the cache, so every component reads one source: the book and trades
 * replace or extend theirs, an order moves between the open and the history lists, balances refill
 * the wallet, and the ticker follows the last trade and the best prices.
 */
export function cacheChangesFor(message: LiveMessage): CacheChange[] {
  switch (message.type) {
    case 'book': {
      const { coinId, data } = message;
      return [
        set<OrderBook>(orderBookQueryKey(coinId), (old) => ({ ...old, ...data })),
        set<Price>(priceQueryKey(coinId), (old) => ({ ...old, bid: data.bids[0]?.[0] ?? old.bid, ask: data.asks[0]?.[0] ?? old.ask })),
      ];
    }
    case 'trades': {
      const { coinId, data } = message;
      const newest = data[0];
      if (!newest) return [];
      const ids = new Set(data.map((t) => t.id));
      return [
        set<PublicTrade[]>(publicTradesQueryKey(coinId), (old) => [...data, ...old.filter((t) => !ids.has(t.id))].slice(0, PUBLIC_TRADES_LIMIT)),
        set<Price>(priceQueryKey(coinId), (old) => ({ ...old, last: newest.price })),
      ];
    }
    case 'order': {
      const { coinId, data } = message;
      const open = isOpenOrder(data);
      const changes: CacheChange[] = [
        set<Order[]>(openOrdersQueryKey(coinId), (old) => (open ? upsert(old, data) : old.filter((o) => o.orderNo !== data.orderNo))),
      ];
      if (!open) changes.push(set<Order[]>(historyOrdersQueryKey(coinId), (old) => upsert(old, data)));
      if (isPositive(data.filledAmount)) changes.push({ kind: 'invalidate', queryKey: myTradesQueryKey(coinId) });
      return changes;
    }
    case 'balances': {
      const { coinId, data } = message;
      const find = (asset: string, fallback: Balance) => data.find((b) => b.asset === asset) ?? fallback;
      return [set<Wallet>(walletQueryKey(coinId), (old) => ({ base: find(old.base.asset, old.base), quote: find(old.quote.asset, old.quote), balances: data }))];
    }
    case 'robots': {
      // A bot's activity shows at once; its figures come with the list, fetched again.
      const { coinId, data } = message;
      const runtimes = new Map(data.map((r) => [r.id, r.runtime]));
      return [
        set<RobotDto[]>(robotsQueryKey(coinId), (old) => old.map((robot) => ({ ...robot, runtime: runtimes.get(robot.id) ?? robot.runtime }))),
        { kind: 'invalidate', queryKey: robotsQueryKey(coinId) },
      ];
    }
    default:
      return [];
  }
}
