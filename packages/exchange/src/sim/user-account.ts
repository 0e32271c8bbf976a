/**
 * What the venue remembers for one user account beyond its balances: its open orders, the last
 * orders it closed and the last trades it made in each pair, and the client order ids in use.
 */
import type { OrderStatus, OrderType, Side, TimeInForce } from '../exchange.ts';
import { arr, big, int, nullable, obj, oneOf, str } from './snapshot-codec.ts';

/** An order in integer units; the venue formats it for readers. */
export interface OrderRecord {
  readonly no: string;
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly timeInForce: TimeInForce;
  /** Ticks; null for market orders. */
  readonly price: number | null;
  /** Lots. */
  readonly qty: number;
  filledQty: number;
  /** Quote units. */
  filledQuote: bigint;
  status: OrderStatus;
  readonly createdAt: number;
  updatedAt: number;
}

/** One of the account's executions. */
export interface FillRecord {
  readonly tradeId: string;
  readonly orderNo: string;
  /** The account's side. */
  readonly side: Side;
  /** Ticks. */
  readonly price: number;
  /** Lots. */
  readonly qty: number;
  /** In units of feeAsset. */
  readonly fee: bigint;
  readonly feeAsset: string;
  readonly liquidity: 'maker' | 'taker';
  readonly time: number;
}

export const CLOSED_ORDERS_PER_PAIR = 1000;
export const FILLS_PER_PAIR = 1000;

interface PairHistory {
  /** In placement order. */
  readonly open: Map<string, OrderRecord>;
  /** Oldest first. */
  readonly closed: OrderRecord[];
  /** Oldest first. */
  readonly fills: FillRecord[];
}

export interface UserAccountJson {
  apiKey: string;
  pairs: { symbol: string; open: OrderJson[]; closed: OrderJson[]; fills: FillJson[] }[];
}

type OrderJson = Omit<OrderRecord, 'filledQuote'> & { filledQuote: string };
type FillJson = Omit<FillRecord, 'fee'> & { fee: string };

export class UserAccount {
  readonly apiKey: string;
  /** The account's name in the ledger and the books. */
  readonly ledgerId: string;
  private readonly pairs = new Map<string, PairHistory>();
  /** Client order id → order number, for open orders and those still in the closed history. */
  private readonly clientIds = new Map<string, string>();

  constructor(apiKey: string) {
    this.apiKey = apiKey;
    this.ledgerId = UserAccount.ledgerIdOf(apiKey);
  }

  static ledgerIdOf(apiKey: string): string {
    return `user:${apiKey}`;
  }

  usesClientOrderId(clientOrderId: string): boolean {
    return this.clientIds.has(clientOrderId);
  }

  /** The order that carries a client order id, open or recently closed. */
  orderByClientId(symbol: string, clientOrderId: string): OrderRecord | undefined {
    const no = this.clientIds.get(clientOrderId);
    return no === undefined ? undefined : this.find(symbol, no);
  }

  openOrder(symbol: string, no: string): OrderRecord | undefined {
    return this.pairs.get(symbol)?.open.get(no);
  }

  /** Open or in the closed history. */
  find(symbol: string, no: string): OrderRecord | undefined {
    const history = this.pairs.get(symbol);
    if (history === undefined) return undefined;
    const open = history.open.get(no);
    if (open !== undefined) return open;
    // Recent orders are the likely ones: search from the newest.
    for (let i = history.closed.length - 1; i >= 0; i--) {
      const order = history.closed[i] as OrderRecord;
      if (order.no === no) return order;
    }
    return undefined;
  }

  /** Open orders in placement order. */
  openOrders(symbol: string): OrderRecord[] {
    return [...(this.pairs.get(symbol)?.open.values() ?? [])];
  }

  /** Newest first. */
  closedOrders(symbol: string, limit: number): OrderRecord[] {
    return newestFirst(this.pairs.get(symbol)?.closed ?? [], limit);
  }

  /** Newest first. */
  fills(symbol: string, limit: number): FillRecord[] {
    return newestFirst(this.pairs.get(symbol)?.fills ?? [], limit);
  }

  /** The first `limit` fills from trade id `fromId` on (ids grow with time), newest first. */
  fillsFrom(symbol: string, fromId: number, limit: number): FillRecord[] {
    const all = this.pairs.get(symbol)?.fills ?? [];
    const start = all.findIndex((f) => Number(f.tradeId) >= fromId);
    return start < 0 ? [] : all.slice(start, start + limit).reverse();
  }

  /** Records a new order: open if it rests, closed otherwise. */
  add(order: OrderRecord, resting: boolean): void {
    this.clientIds.set(order.clientOrderId, order.no);
    if (resting) this.history(order.symbol).open.set(order.no, order);
    else this.pushClosed(order);
  }

  /** Moves an order that left the book to the closed history. */
  close(order: OrderRecord): void {
    const history = this.history(order.symbol);
    if (history.open.delete(order.no)) this.pushClosed(order);
  }

  addFill(symbol: string, fill: FillRecord): void {
    const fills = this.history(symbol).fills;
    fills.push(fill);
    if (fills.length > FILLS_PER_PAIR) fills.shift();
  }

  toJSON(): UserAccountJson {
    const pairs: UserAccountJson['pairs'] = [];
    for (const [symbol, history] of this.pairs) {
      pairs.push({
        symbol,
        open: [...history.open.values()].map(orderToJson),
        closed: history.closed.map(orderToJson),
        fills: history.fills.map((fill) => ({ ...fill, fee: fill.fee.toString() })),
      });
    }
    return { apiKey: this.apiKey, pairs };
  }

  static fromJSON(value: unknown, path: string): UserAccount {
    const json = obj(value, path);
    const account = new UserAccount(str(json.apiKey, `${path}.apiKey`));
    arr(json.pairs, `${path}.pairs`).forEach((entry, i) => {
      const at = `${path}.pairs[${i}]`;
      const pair = obj(entry, at);
      const symbol = str(pair.symbol, `${at}.symbol`);
      const history = account.history(symbol);
      arr(pair.open, `${at}.open`).forEach((order, j) => {
        const record = readOrder(order, `${at}.open[${j}]`, symbol);
        history.open.set(record.no, record);
        account.clientIds.set(record.clientOrderId, record.no);
      });
      arr(pair.closed, `${at}.closed`).forEach((order, j) => {
        account.pushClosed(readOrder(order, `${at}.closed[${j}]`, symbol));
      });
      arr(pair.fills, `${at}.fills`).forEach((fill, j) => account.addFill(symbol, readFill(fill, `${at}.fills[${j}]`)));
    });
    return account;
  }

  private history(symbol: string): PairHistory {
    let history = this.pairs.get(symbol);
    if (history === undefined) {
      history = { open: new Map(), closed: [], fills: [] };
      this.pairs.set(symbol, history);
    }
    return history;
  }

  private pushClosed(order: OrderRecord): void {
    const closed = this.history(order.symbol).closed;
    closed.push(order);
    this.clientIds.set(order.clientOrderId, order.no);
    if (closed.length > CLOSED_ORDERS_PER_PAIR) {
      const dropped = closed.shift() as OrderRecord;
      // Its client order id becomes free again, unless a newer order of the same id holds it.
      if (this.clientIds.get(dropped.clientOrderId) === dropped.no) this.clientIds.delete(dropped.clientOrderId);
    }
  }
}

function newestFirst<T>(list: readonly T[], limit: number): T[] {
  const out: T[] = [];
  for (let i = list.length - 1; i >= 0 && out.length < limit; i--) out.push(list[i] as T);
  return out;
}

function orderToJson(order: OrderRecord): OrderJson {
  return { ...order, filledQuote: order.filledQuote.toString() };
}

const STATUSES: readonly OrderStatus[] = ['pending', 'partial_filled', 'partial_canceled', 'canceled', 'filled'];

function readOrder(value: unknown, path: string, symbol: string): OrderRecord {
  const json = obj(value, path);
  const type = oneOf(json.type, `${path}.type`, ['limit', 'market'] as const);
  return {
    no: str(json.no, `${path}.no`),
    clientOrderId: str(json.clientOrderId, `${path}.clientOrderId`),
    symbol: oneOf(json.symbol, `${path}.symbol`, [symbol]),
    side: oneOf(json.side, `${path}.side`, ['buy', 'sell'] as const),
    type,
    timeInForce: oneOf(json.timeInForce, `${path}.timeInForce`, ['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const),
    price: nullable(json.price, `${path}.price`, int),
    qty: int(json.qty, `${path}.qty`),
    filledQty: int(json.filledQty, `${path}.filledQty`),
    filledQuote: big(json.filledQuote, `${path}.filledQuote`),
    status: oneOf(json.status, `${path}.status`, STATUSES),
    createdAt: int(json.createdAt, `${path}.createdAt`),
    updatedAt: int(json.updatedAt, `${path}.updatedAt`),
  };
}

function readFill(value: unknown, path: string): FillRecord {
  const json = obj(value, path);
  return {
    tradeId: str(json.tradeId, `${path}.tradeId`),
    orderNo: str(json.orderNo, `${path}.orderNo`),
    side: oneOf(json.side, `${path}.side`, ['buy', 'sell'] as const),
    price: int(json.price, `${path}.price`),
    qty: int(json.qty, `${path}.qty`),
    fee: big(json.fee, `${path}.fee`),
    feeAsset: str(json.feeAsset, `${path}.feeAsset`),
    liquidity: oneOf(json.liquidity, `${path}.liquidity`, ['maker', 'taker'] as const),
    time: int(json.time, `${path}.time`),
  };
}
