/**
 * The user data stream's events from the venue's order and balance updates: `executionReport`
 * (NEW, one TRADE per fill, then CANCELED or EXPIRED) and `outboundAccountPosition` (the assets an
 * update changed), as Binance sends them.
 */
import { add, mul } from '@makerdesk/decimal';
import type { Balance, MyTrade, Order } from '../../exchange.ts';
import { binanceOrderStatus, binanceOrderType, binanceSide, SELF_TRADE_PREVENTION_MODE, timeInForceOf, wire, wireId, type BinanceOrderStatus } from '../format.ts';
import { toBinanceSymbol } from '../symbols.ts';

export type ExecutionType = 'NEW' | 'TRADE' | 'CANCELED' | 'EXPIRED' | 'REJECTED';

interface ReportFigures {
  x: ExecutionType;
  X: BinanceOrderStatus;
  /** Cumulative quantity and quote after this report. */
  z: string;
  Z: string;
  fill?: MyTrade;
  time: number;
}

export function executionReport(order: Order, figures: ReportFigures, eventTime: number) {
  const { fill } = figures;
  const open = figures.X === 'NEW' || figures.X === 'PARTIALLY_FILLED';
  return {
    e: 'executionReport',
    E: eventTime,
    s: toBinanceSymbol(order.symbol),
    c: order.clientOrderId ?? '',
    S: binanceSide(order.direction),
    o: binanceOrderType(order),
    f: timeInForceOf(order),
    q: wire(order.amount),
    p: wire(order.price ?? '0'),
    P: wire('0'),
    F: wire('0'),
    g: -1,
    C: '',
    x: figures.x,
    X: figures.X,
    r: 'NONE',
    i: wireId(order.orderNo),
    l: wire(fill?.amount ?? '0'),
    z: wire(figures.z),
    L: wire(fill?.price ?? '0'),
    n: fill ? wire(fill.fee) : '0',
    N: fill ? fill.feeAsset : null,
    T: figures.time,
    t: fill ? wireId(fill.id) : -1,
    I: 0,
    w: open && order.tradeType === 'limit',
    m: fill?.liquidity === 'maker',
    M: false,
    O: order.createdAt,
    Z: wire(figures.Z),
    Y: wire(fill ? mul(fill.price, fill.amount) : '0'),
    Q: wire('0'),
    W: order.createdAt,
    V: SELF_TRADE_PREVENTION_MODE,
  };
}

export type ExecutionReportEvent = ReturnType<typeof executionReport>;

interface Reported {
  fills: Set<string>;
  z: string;
  Z: string;
  announced: boolean;
}

/**
 * What one account's stream has told about each of its orders, so each update of an order becomes
 * the reports Binance would have sent since the last: NEW once, a TRADE per fill not yet reported
 * (oldest first), and the ending (CANCELED, EXPIRED) once. Orders created before `since` (the
 * stream's start) are not announced again, nor their fills made before it.
 */
export class ExecutionReports {
  private readonly orders = new Map<string, Reported>();

  constructor(private readonly since: number) {}

  /** The reports for the order as it now stands, given its fills (any order). */
  update(order: Order, fills: readonly MyTrade[], eventTime: number): ExecutionReportEvent[] {
    const key = `${order.symbol} ${order.orderNo}`;
    let seen = this.orders.get(key);
    if (seen === undefined) {
      const old = order.createdAt < this.since;
      const before = old ? fills.filter((f) => f.timestamp < this.since) : [];
      seen = {
        fills: new Set(before.map((f) => f.id)),
        z: before.reduce((sum, f) => add(sum, f.amount), '0'),
        Z: before.reduce((sum, f) => add(sum, mul(f.price, f.amount)), '0'),
        announced: old,
      };
      this.orders.set(key, seen);
    }
    const reports: ExecutionReportEvent[] = [];
    if (!seen.announced) {
      seen.announced = true;
      reports.push(executionReport(order, { x: 'NEW', X: 'NEW', z: '0', Z: '0', time: order.createdAt }, eventTime));
    }
    const finalStatus = binanceOrderStatus(order);
    const fresh = [...fills].filter((f) => !seen.fills.has(f.id)).sort((a, b) => a.timestamp - b.timestamp || compareIds(a.id, b.id));
    for (const fill of fresh) {
      seen.fills.add(fill.id);
      seen.z = add(seen.z, fill.amount);
      seen.Z = add(seen.Z, mul(fill.price, fill.amount));
      const last = fill === fresh[fresh.length - 1];
      const X: BinanceOrderStatus = last && finalStatus === 'FILLED' ? 'FILLED' : 'PARTIALLY_FILLED';
      reports.push(executionReport(order, { x: 'TRADE', X, z: seen.z, Z: seen.Z, fill, time: fill.timestamp }, eventTime));
    }
    if (finalStatus === 'CANCELED' || finalStatus === 'EXPIRED') {
      reports.push(executionReport(order, { x: finalStatus, X: finalStatus, z: seen.z, Z: seen.Z, time: order.updatedAt }, eventTime));
    }
    if (finalStatus !== 'NEW' && finalStatus !== 'PARTIALLY_FILLED') this.orders.delete(key);
    return reports;
  }

  /** Orders being followed (open, as far as this stream knows). */
  get size(): number {
    return this.orders.size;
  }
}

function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The account's balances as last told, so an update becomes `outboundAccountPosition` with the
 * assets it changed (undefined when it changed none).
 */
export class AccountPositions {
  private readonly known = new Map<string, string>();

  /** What the stream starts from: nothing is reported for these until they change. */
  constructor(initial: readonly Balance[] = []) {
    for (const b of initial) this.known.set(b.asset, `${b.available}/${b.frozen}`);
  }

  update(balances: readonly Balance[], eventTime: number) {
    const changed = balances.filter((b) => this.known.get(b.asset) !== `${b.available}/${b.frozen}`);
    if (changed.length === 0) return undefined;
    for (const b of changed) this.known.set(b.asset, `${b.available}/${b.frozen}`);
    return { e: 'outboundAccountPosition', E: eventTime, u: eventTime, B: changed.map((b) => ({ a: b.asset, f: wire(b.available), l: wire(b.frozen) })) };
  }
}

/** Sent on a listen key's stream when the key expired; the stream closes after it. */
export function listenKeyExpiredEvent(listenKey: string, eventTime: number) {
  return { e: 'listenKeyExpired', E: eventTime, listenKey };
}
