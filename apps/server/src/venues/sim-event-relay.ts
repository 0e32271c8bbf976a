import type { Balance, ExchangeEvent, Order, OrderBook, SimVenueApi, Trade } from '@makerdesk/exchange';
import type { ClusterBus } from '../bus/cluster-bus.ts';

/** Servers that do not run the simulator say which accounts' pairs they listen to (re-announced, expiring). */
export const SIM_INTEREST_TOPIC = 'sim.interest';
/** The holder's venue events, coalesced. */
export const SIM_EVENTS_TOPIC = 'sim.events';

export interface SimWatch {
  apiKey: string;
  symbol: string;
}

export interface SimInterest {
  watches: SimWatch[];
  /** How long the holder keeps relaying them without a new announcement. */
  ttlMs: number;
}

/** One pair's events since the last batch: its latest book, its new trades (newest first), accounts' order updates. */
export interface SimPairBatch {
  symbol: string;
  book?: OrderBook;
  trades?: Trade[];
  orders?: { apiKey: string; order: Order }[];
}

/** Accounts' latest balances. */
export interface SimBalanceBatch {
  balances: { apiKey: string; balances: Balance[] }[];
}

export type SimEventBatch = SimPairBatch | SimBalanceBatch;

interface PendingPair {
  book?: OrderBook;
  trades: Trade[];
  tradeIds: Set<string>;
  orders: Map<string, { apiKey: string; order: Order }>;
}

/** Balances per message: a balance list is small, a batch of them stays well under a notice or two. */
const BALANCES_PER_MESSAGE = 10;
/** Trades per pair per batch: the newest; a reader that needs more reads the venue's trade list. */
const TRADES_PER_BATCH = 50;

/** What collects between two publications. Pure: the relay feeds it events and takes batches. */
export class EventCoalescer {
  private pairs = new Map<string, PendingPair>();
  private balances = new Map<string, Balance[]>();

  add(apiKey: string, event: ExchangeEvent): void {
    if (event.type === 'balances') {
      this.balances.set(apiKey, event.balances);
      return;
    }
    let pending = this.pairs.get(event.symbol);
    if (!pending) this.pairs.set(event.symbol, (pending = { trades: [], tradeIds: new Set(), orders: new Map() }));
    if (event.type === 'book') pending.book = event.book;
    else if (event.type === 'order') pending.orders.set(`${apiKey}\0${event.order.orderNo}`, { apiKey, order: event.order });
    else {
      // Each account listening to the pair hears the same public trades: kept once, newest first.
      const fresh = event.trades.filter((t) => !pending.tradeIds.has(t.id));
      for (const t of fresh) pending.tradeIds.add(t.id);
      pending.trades = [...fresh, ...pending.trades].slice(0, TRADES_PER_BATCH);
    }
  }

  take(): SimEventBatch[] {
    const out: SimEventBatch[] = [];
    for (const [symbol, pending] of this.pairs) {
      const batch: SimPairBatch = { symbol };
      if (pending.orders.size > 0) batch.orders = [...pending.orders.values()];
      if (pending.trades.length > 0) batch.trades = pending.trades;
      if (pending.book) batch.book = pending.book;
      out.push(batch);
    }
    const balances = [...this.balances].map(([apiKey, list]) => ({ apiKey, balances: list }));
    for (let i = 0; i < balances.length; i += BALANCES_PER_MESSAGE) out.push({ balances: balances.slice(i, i + BALANCES_PER_MESSAGE) });
    this.pairs = new Map();
    this.balances = new Map();
    return out;
  }
}

/**
 * On the server that runs the simulator: relays its venue's events to the other servers over the
 * cluster bus, for the accounts' pairs they announced interest in, every `periodMs`, coalesced.
 */
export class SimEventRelay {
  private readonly watched = new Map<string, { expiresAt: number; stop: () => void }>();
  private readonly coalescer = new EventCoalescer();
  private readonly stopListening: () => void;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly venue: SimVenueApi,
    private readonly bus: ClusterBus,
    options: { periodMs?: number; now?: () => number } = {},
  ) {
    const now = options.now ?? Date.now;
    this.stopListening = bus.subscribe<SimInterest>(SIM_INTEREST_TOPIC, (interest) => this.interest(interest, now()));
    this.timer = setInterval(() => this.publish(now()), options.periodMs ?? 150);
    this.timer.unref?.();
  }

  /** Accounts' pairs relayed now (tests). */
  get watching(): number {
    return this.watched.size;
  }

  private interest(interest: SimInterest, now: number): void {
    if (!Array.isArray(interest?.watches)) return;
    const ttl = Math.min(Math.max(Number(interest.ttlMs) || 0, 1000), 120_000);
    for (const { apiKey, symbol } of interest.watches) {
      if (typeof apiKey !== 'string' || typeof symbol !== 'string') continue;
      const key = `${apiKey}\0${symbol}`;
      const kept = this.watched.get(key);
      if (kept) {
        kept.expiresAt = Math.max(kept.expiresAt, now + ttl);
        continue;
      }
      try {
        const stop = this.venue.account(apiKey).subscribe(symbol, (event) => this.coalescer.add(apiKey, event));
        this.watched.set(key, { expiresAt: now + ttl, stop });
      } catch {
        // A pair the venue does not trade: nothing to relay.
      }
    }
  }

  private publish(now: number): void {
    for (const [key, kept] of this.watched) {
      if (kept.expiresAt > now) continue;
      kept.stop();
      this.watched.delete(key);
    }
    for (const batch of this.coalescer.take()) this.bus.publish(SIM_EVENTS_TOPIC, batch);
  }

  close(): void {
    clearInterval(this.timer);
    this.stopListening();
    for (const kept of this.watched.values()) kept.stop();
    this.watched.clear();
  }
}
