/**
 * Settlement: what a placement or a cancel did, recorded into the venue's state and the running
 * batch: public trades and candles, the users' orders, fills and balances.
 */
import type { Side } from './matching/index.ts';
import type { Batch } from './sim-batches.ts';
import { PUBLIC_TRADES_PER_PAIR, type CorePair, type SimState } from './sim-state.ts';
import type { TradeRecord } from './sim-views.ts';
import type { OrderRecord, UserAccount } from './user-account.ts';
import type { Placement } from './venue-book.ts';

/** The user order a placement was for; none for the background market's own orders. */
interface Taker {
  readonly user: UserAccount;
  readonly record: OrderRecord;
}

/** Records what a placement did: public trades and candles, user orders, fills and balances. */
export function settle(state: SimState, batch: Batch, pair: CorePair, placement: Placement, taker: Taker | null): void {
  const { result, makerNos, canceledMakerNos } = placement;
  const { market, config } = pair.setup;
  const symbol = config.symbol;
  const time = batch.time;
  batch.changed = true;
  // The book changed if the order traded, rests, or canceled resting orders (an unfilled fill-or-kill or IOC did none).
  if (result.fills.length > 0 || result.order.remainingQty > 0 || result.canceledMakers.length > 0) batch.books.add(pair);
  for (let i = 0; i < result.fills.length; i++) {
    const fill = result.fills[i]!;
    const tradeId = state.nextTradeId++;
    const trade: TradeRecord = { id: String(tradeId), price: fill.price, qty: fill.qty, side: fill.takerSide, time };
    pair.trades.push(trade);
    if (pair.trades.length > PUBLIC_TRADES_PER_PAIR) pair.trades.shift();
    pair.candles.add(time, fill.price, fill.qty, fill.quoteAmount, tradeId);
    pair.lastPrice = fill.price;
    const batchTrades = batch.trades.get(pair);
    if (batchTrades === undefined) batch.trades.set(pair, [trade]);
    else batchTrades.push(trade);

    if (taker !== null) {
      taker.user.addFill(symbol, {
        tradeId: trade.id,
        orderNo: taker.record.no,
        side: fill.takerSide,
        price: fill.price,
        qty: fill.qty,
        fee: fill.takerFee,
        feeAsset: fill.takerSide === 'buy' ? market.base : market.quote,
        liquidity: 'taker',
        time,
      });
    }
    const maker = state.users.get(fill.makerAccount);
    if (maker !== undefined) {
      const record = maker.openOrder(symbol, makerNos[i]!) as OrderRecord;
      record.filledQty += fill.qty;
      record.filledQuote += fill.quoteAmount;
      record.status = fill.makerFilled ? 'filled' : 'partial_filled';
      record.updatedAt = time;
      if (fill.makerFilled) maker.close(record);
      const makerSide: Side = fill.takerSide === 'buy' ? 'sell' : 'buy';
      maker.addFill(symbol, {
        tradeId: trade.id,
        orderNo: record.no,
        side: makerSide,
        price: fill.price,
        qty: fill.qty,
        fee: fill.makerFee,
        feeAsset: makerSide === 'buy' ? market.base : market.quote,
        liquidity: 'maker',
        time,
      });
      batch.orders.set(record, maker);
      batch.balances.add(maker);
    }
  }
  for (let i = 0; i < result.canceledMakers.length; i++) {
    const view = result.canceledMakers[i]!;
    const owner = state.users.get(view.account);
    const record = owner?.openOrder(symbol, canceledMakerNos[i]!);
    if (owner === undefined || record === undefined) continue;
    record.status = canceledStatus(record);
    record.updatedAt = time;
    owner.close(record);
    batch.orders.set(record, owner);
    batch.balances.add(owner);
  }
  if (taker !== null) {
    const { user, record } = taker;
    const order = result.order;
    record.filledQty = order.filledQty;
    record.filledQuote = order.filledQuote;
    record.status = order.status;
    user.add(record, order.remainingQty > 0);
    batch.orders.set(record, user);
    batch.balances.add(user);
  }
}

/** Takes a user's open order out of its book and closes it. */
export function cancelOpen(pair: CorePair, user: UserAccount, record: OrderRecord, batch: Batch): void {
  const view = pair.book.cancel(record.no, user.ledgerId);
  if (view === undefined) throw new Error(`open order ${record.no} is not in the ${record.symbol} book`);
  record.status = canceledStatus(record);
  record.updatedAt = batch.time;
  user.close(record);
  batch.changed = true;
  batch.books.add(pair);
  batch.orders.set(record, user);
  batch.balances.add(user);
}

/**
 * What a canceled order ends as, from its own fills: the book's view cannot tell, since an order
 * restored from a snapshot rests again with its remaining quantity only.
 */
function canceledStatus(record: OrderRecord): 'canceled' | 'partial_canceled' {
  return record.filledQty > 0 ? 'partial_canceled' : 'canceled';
}
