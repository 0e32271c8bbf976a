/** ccxt's unified balances, orders and own trades → ours. */
import type { Balances as CcxtBalances, Order as CcxtOrder, Trade as CcxtTrade } from 'ccxt';
import type { Balance, MyTrade, Order, OrderStatus, TimeInForce } from '../exchange.ts';
import { add, compare, minus, mul, sign } from '@makerdesk/decimal';
import { decimal, optionalDecimal } from './ccxt-decimal.ts';
import { parseSide, parseTrade } from './parse-market-data.ts';

/** Keys of ccxt's balance structure that are not currencies. */
const NOT_ASSETS = new Set(['info', 'free', 'used', 'total', 'debt', 'timestamp', 'datetime']);

/**
 * Assets with nothing in them are left out (a live account lists hundreds), unless `keepEmpty` (a
 * stream's report, where an asset that emptied must say so).
 */
export function parseBalances(balances: CcxtBalances, { keepEmpty = false }: { keepEmpty?: boolean } = {}): Balance[] {
  const out: Balance[] = [];
  for (const [asset, entry] of Object.entries(balances)) {
    if (NOT_ASSETS.has(asset) || typeof entry !== 'object' || entry === null) continue;
    const free = optionalDecimal(entry.free);
    const used = optionalDecimal(entry.used);
    const total = optionalDecimal(entry.total) ?? add(free ?? '0', used ?? '0');
    const available = free ?? minus(total, used ?? '0');
    const frozen = used ?? minus(total, available);
    if (!keepEmpty && sign(total) === 0 && sign(frozen) === 0) continue;
    out.push({ asset, available, frozen, total });
  }
  return out;
}

function timeInForceOf(order: CcxtOrder): TimeInForce {
  if (order.postOnly === true) return 'POST_ONLY';
  if (order.type === 'limit' && order.timeInForce === 'FOK') return 'FOK';
  if (order.type === 'market' || order.timeInForce === 'IOC' || order.timeInForce === 'FOK') return 'IOC';
  return 'GTC';
}

/**
 * ccxt's open/closed/canceled (+ expired, rejected) and the filled amount → our five statuses. An
 * order ccxt calls closed that did not fill completely was canceled at the venue.
 */
export function parseOrderStatus(status: string | undefined, amount: string, filled: string): OrderStatus {
  const some = sign(filled) > 0;
  switch (status) {
    case 'closed':
      return compare(filled, amount) >= 0 ? 'filled' : some ? 'partial_canceled' : 'canceled';
    case 'canceled':
    case 'expired':
    case 'rejected':
      return some ? 'partial_canceled' : 'canceled';
    default:
      return some ? 'partial_filled' : 'pending';
  }
}

/**
 * The order's own client id. Binance answers a cancel with the cancel request's id in
 * `clientOrderId` and the order's in `origClientOrderId`, which ccxt leaves in `info`.
 */
function clientOrderIdOf(order: CcxtOrder): string | null {
  const original = (order.info as Record<string, unknown> | undefined)?.origClientOrderId;
  return typeof original === 'string' && original !== '' ? original : (order.clientOrderId ?? null);
}

export function parseOrder(order: CcxtOrder, symbol: string, now: number): Order {
  const amount = decimal(order.amount);
  const filled = decimal(order.filled);
  const tradeType = order.type === 'market' ? 'market' : 'limit';
  const average = optionalDecimal(order.average);
  const cost = optionalDecimal(order.cost) ?? (average !== null ? mul(average, filled) : '0');
  const createdAt = order.timestamp ?? now;
  const price = tradeType === 'market' ? null : optionalDecimal(order.price);
  return {
    orderNo: order.id ?? '',
    clientOrderId: clientOrderIdOf(order),
    symbol: order.symbol ?? symbol,
    direction: parseSide(order.side),
    tradeType,
    timeInForce: timeInForceOf(order),
    price: price !== null && sign(price) > 0 ? price : null,
    amount,
    filledAmount: filled,
    filledValue: cost,
    status: parseOrderStatus(order.status, amount, filled),
    createdAt,
    updatedAt: order.lastUpdateTimestamp ?? order.lastTradeTimestamp ?? createdAt,
  };
}

/** One of the account's fills: a trade as `parseTrade` reads it, though its `side` here is the account's own. */
export function parseMyTrade(trade: CcxtTrade, symbol: string, now: number): MyTrade {
  return {
    ...parseTrade(trade, symbol, now),
    orderNo: trade.order ?? '',
    fee: decimal(trade.fee?.cost),
    feeAsset: trade.fee?.currency ?? '',
    liquidity: trade.takerOrMaker === 'maker' ? 'maker' : 'taker',
  };
}
