/**
 * What one key's account feed knows of the account (issue 19): its open orders by pair, the orders
 * that closed recently, and its balances, kept from the venue's user stream, the answers of its own
 * placements and cancels, and REST reconciliations. Pure: no IO, no clock of its own.
 *
 * Every update takes the next number of a sequence, so a REST read started at `mark()` replaces only
 * what no later update told: an answer that left the venue before a stream event arrived never
 * overwrites that event. Orders merge by `mergeOrder`: a closed order never opens again and the
 * filled amount never decreases, whichever of the stream and REST speaks last.
 */
import type { Balance, Order, OrderStatus } from '../../exchange.ts';
import { compare, sign } from '@makerdesk/decimal';

const FINAL: ReadonlySet<OrderStatus> = new Set(['filled', 'canceled', 'partial_canceled']);

export function isFinal(order: Pick<Order, 'status'>): boolean {
  return FINAL.has(order.status);
}

/**
 * Two reports of one order → the order as it is: closed if either says closed, the larger filled
 * amount (with its quote value), the later update time; the status follows from those two (a closed
 * order that filled its amount is `filled`, one with some fill `partial_canceled`).
 */
export function mergeOrder(known: Order, report: Order): Order {
  const reportFilledMore = compare(report.filledAmount, known.filledAmount) > 0;
  const fills = reportFilledMore ? report : known;
  const closed = isFinal(known) || isFinal(report);
  const filled = fills.filledAmount;
  const some = sign(filled) > 0;
  const amount = report.amount;
  const status: OrderStatus = !closed ? (some ? 'partial_filled' : 'pending') : compare(filled, amount) >= 0 ? 'filled' : some ? 'partial_canceled' : 'canceled';
  return {
    ...known,
    ...report,
    clientOrderId: known.clientOrderId ?? report.clientOrderId,
    price: report.price ?? known.price,
    filledAmount: filled,
    filledValue: fills.filledValue,
    status,
    createdAt: Math.min(known.createdAt, report.createdAt),
    updatedAt: Math.max(known.updatedAt, report.updatedAt),
  };
}

interface Kept<T> {
  value: T;
  /** The sequence number of the update that last changed it. */
  seq: number;
}

export interface AccountStateOptions {
  /** How many closed orders are kept for `order` and `orderByClientId` (oldest dropped first). */
  closedLimit?: number;
  /** Told each order that changed (new, or another status, fill or update time). */
  onOrder?: (order: Order) => void;
  /** Told when the balances changed. */
  onBalances?: () => void;
}

export class AccountState {
  private seq = 0;
  private readonly open = new Map<string, Kept<Order>>();
  private readonly closed = new Map<string, Kept<Order>>();
  private readonly byClientId = new Map<string, string>();
  private readonly balanceByAsset = new Map<string, Kept<Balance>>();
  private balancesComplete = false;
  /** Pairs whose open orders are complete here: reconciled since the last gap. */
  private readonly complete = new Set<string>();
  private readonly closedLimit: number;

  constructor(private readonly options: AccountStateOptions = {}) {
    this.closedLimit = options.closedLimit ?? 2000;
  }

  /** The sequence number now: a REST read started now passes it to `reconcile*`. */
  mark(): number {
    return this.seq;
  }

  /** A report of one order (stream event, placement or cancel answer, REST read), merged; answers the merged order. */
  applyOrder(report: Order): Order {
    const known = this.open.get(report.orderNo) ?? this.closed.get(report.orderNo);
    const order = known ? mergeOrder(known.value, report) : report;
    const kept = { value: order, seq: ++this.seq };
    if (isFinal(order)) {
      this.open.delete(order.orderNo);
      this.closed.delete(order.orderNo);
      this.closed.set(order.orderNo, kept);
      this.trimClosed();
    } else {
      this.open.set(order.orderNo, kept);
    }
    if (order.clientOrderId !== null) this.byClientId.set(order.clientOrderId, order.orderNo);
    const before = known?.value;
    if (before === undefined || before.status !== order.status || before.filledAmount !== order.filledAmount || before.updatedAt !== order.updatedAt) this.options.onOrder?.(order);
    return order;
  }

  /** Balances the stream reported (only the assets it names). */
  applyBalances(balances: readonly Balance[]): void {
    let changed = false;
    for (const balance of balances) {
      changed ||= !sameBalance(this.balanceByAsset.get(balance.asset)?.value, balance);
      this.balanceByAsset.set(balance.asset, { value: balance, seq: ++this.seq });
    }
    if (changed) this.options.onBalances?.();
  }

  /**
   * A REST read of every balance, started at `started`: assets no later update told take its
   * values, assets it does not list are gone (empty). With `complete` (the stream was up throughout)
   * the balances are complete from now on.
   */
  reconcileBalances(balances: readonly Balance[], started: number, complete = true): void {
    const listed = new Set(balances.map((b) => b.asset));
    let changed = false;
    for (const [asset, kept] of this.balanceByAsset) {
      if (listed.has(asset) || kept.seq > started) continue;
      changed ||= sign(kept.value.total) !== 0 || sign(kept.value.frozen) !== 0;
      this.balanceByAsset.delete(asset);
    }
    for (const balance of balances) {
      const kept = this.balanceByAsset.get(balance.asset);
      if (kept !== undefined && kept.seq > started) continue;
      changed ||= !sameBalance(kept?.value, balance);
      this.balanceByAsset.set(balance.asset, { value: balance, seq: this.seq });
    }
    if (changed) this.options.onBalances?.();
    if (complete) this.balancesComplete = true;
  }

  /**
   * A REST read of a pair's open orders, started at `started`: each order merged; answers the orders
   * known open before that read which it no longer lists (they left the book: the caller reads each
   * once to learn how it ended). With `complete` (the stream was up throughout) the pair's open
   * orders are complete from now on.
   */
  reconcileOpenOrders(symbol: string, open: readonly Order[], started: number, complete = true): Order[] {
    const listed = new Set(open.map((o) => o.orderNo));
    const left = [...this.open.values()].filter((k) => k.value.symbol === symbol && k.seq <= started && !listed.has(k.value.orderNo)).map((k) => k.value);
    // The merge keeps what a later update said (a fill, the end): the read adds nothing older.
    for (const order of open) this.applyOrder(order);
    if (complete) this.complete.add(symbol);
    return left;
  }

  /**
   * An order that left the book and could not be read back: forgotten here (readers ask the venue),
   * unless an update since `started` told more of it.
   */
  forget(orderNo: string, started: number): void {
    const kept = this.open.get(orderNo);
    if (kept !== undefined && kept.seq <= started) this.open.delete(orderNo);
  }

  /** A gap in the stream: nothing here is complete until reconciled again (what is known stays as it is). */
  gap(): void {
    this.complete.clear();
    this.balancesComplete = false;
  }

  /** The pair's open orders, oldest first; null when they are not complete here. */
  openOrders(symbol: string): Order[] | null {
    return this.complete.has(symbol) ? this.knownOpen(symbol) : null;
  }

  /** The pair's open orders as known here, complete or not (the last read and what came after it). */
  knownOpen(symbol: string): Order[] {
    return [...this.open.values()]
      .map((k) => k.value)
      .filter((o) => o.symbol === symbol)
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Non-empty balances as known here, complete or not. */
  knownBalances(): Balance[] {
    return [...this.balanceByAsset.values()].map((k) => k.value).filter((b) => sign(b.total) !== 0 || sign(b.frozen) !== 0);
  }

  isClosed(orderNo: string): boolean {
    return this.closed.has(orderNo);
  }

  isComplete(symbol: string): boolean {
    return this.complete.has(symbol);
  }

  /** Non-empty balances; null when they are not complete here. */
  balances(): Balance[] | null {
    return this.balancesComplete ? this.knownBalances() : null;
  }

  /** An order known here, open or recently closed. */
  order(orderNo: string): Order | null {
    return (this.open.get(orderNo) ?? this.closed.get(orderNo))?.value ?? null;
  }

  orderByClientId(clientOrderId: string): Order | null {
    const orderNo = this.byClientId.get(clientOrderId);
    return orderNo === undefined ? null : this.order(orderNo);
  }

  private trimClosed(): void {
    while (this.closed.size > this.closedLimit) {
      const oldest = this.closed.keys().next().value as string;
      const order = this.closed.get(oldest)!.value;
      this.closed.delete(oldest);
      if (order.clientOrderId !== null && this.byClientId.get(order.clientOrderId) === oldest) this.byClientId.delete(order.clientOrderId);
    }
  }
}

function sameBalance(a: Balance | undefined, b: Balance): boolean {
  return a !== undefined && compare(a.available, b.available) === 0 && compare(a.frozen, b.frozen) === 0 && compare(a.total, b.total) === 0;
}
