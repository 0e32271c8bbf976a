import { LedgerError, type Ledger } from './ledger.ts';
import { lotsToBaseUnits, notionalUnits, type Market } from './market.ts';
import { MatchingEngine, type EngineOptions } from './matching-engine.ts';
import type { OrderRequest, OrderView, PlaceResult } from './types.ts';

/** What an order holds frozen: quote for a buy, base for a sell. */
interface Hold {
  readonly account: string;
  readonly asset: string;
  amount: bigint;
}

/** The read side of a pair's book. */
export type BookReader = Pick<
  MatchingEngine,
  | 'market'
  | 'orderCount'
  | 'peekOrderId'
  | 'bestBid'
  | 'bestAsk'
  | 'depth'
  | 'getOrder'
  | 'restingOrders'
  | 'previewMarket'
>;

/**
 * One pair's engine wired to a (possibly shared) Ledger: an order freezes what it may spend
 * before it matches, every fill is paid out of those holds, and what an order did not spend is
 * released when it leaves the book. Every call is synchronous, so check, match and settle happen
 * as one step.
 */
export class SpotMarket {
  readonly market: Market;
  readonly ledger: Ledger;
  private readonly engine: MatchingEngine;
  private readonly holds = new Map<number, Hold>();

  constructor(market: Market, ledger: Ledger, options: EngineOptions = {}) {
    this.market = market;
    this.ledger = ledger;
    this.engine = new MatchingEngine(market, options);
  }

  get book(): BookReader {
    return this.engine;
  }

  /** What an order's hold still has frozen (undefined once the order has left the book). */
  heldFor(orderId: number): bigint | undefined {
    return this.holds.get(orderId)?.amount;
  }

  /**
   * Places an order after freezing what it may spend. Throws a MatchingError (refused order) or
   * a LedgerError 'insufficient_balance'; either way nothing has changed.
   */
  place(req: OrderRequest): PlaceResult {
    this.engine.validate(req);
    const market = this.market;
    const asset = req.side === 'buy' ? market.quote : market.base;
    const amount = this.requiredHold(req);
    this.ledger.freeze(req.account, asset, amount);
    const result = this.engine.place(req);
    const order = result.order;
    this.holds.set(order.id, { account: order.account, asset, amount });

    for (const maker of result.canceledMakers) this.release(maker.id);
    for (const fill of result.fills) {
      this.ledger.settleFill(market, fill);
      const takerBuys = fill.takerSide === 'buy';
      this.spend(fill.takerOrderId, takerBuys ? fill.quoteAmount : fill.baseAmount);
      this.spend(fill.makerOrderId, takerBuys ? fill.baseAmount : fill.quoteAmount);
      if (fill.makerFilled) this.release(fill.makerOrderId);
    }
    if (order.remainingQty === 0) this.release(order.id);
    return result;
  }

  /** Cancels the owner's resting order and unfreezes what it held; undefined when not resting. */
  cancel(orderId: number, account?: string): OrderView | undefined {
    const order = this.engine.cancel(orderId, account);
    if (order !== undefined) this.release(order.id);
    return order;
  }

  private requiredHold(req: OrderRequest): bigint {
    const market = this.market;
    if (req.side === 'sell') return lotsToBaseUnits(market, req.qty);
    if (req.type === 'limit') return notionalUnits(market, req.price, req.qty);
    if (req.quoteQty !== undefined) return req.quoteQty;
    const preview = this.engine.previewMarket('buy', req.account, req.qty, req.stp);
    const available = this.ledger.balance(req.account, market.quote).available;
    if (preview.quote > available) {
      throw new LedgerError(
        'insufficient_balance',
        `${req.account} has ${available} ${market.quote} available, the market buy needs ${preview.quote}`,
      );
    }
    return preview.quote;
  }

  private spend(orderId: number, amount: bigint): void {
    const hold = this.holds.get(orderId);
    if (hold === undefined || hold.amount < amount) {
      throw new Error(`order ${orderId} holds less than the ${amount} it traded`);
    }
    hold.amount -= amount;
  }

  private release(orderId: number): void {
    const hold = this.holds.get(orderId);
    if (hold === undefined) return;
    this.holds.delete(orderId);
    if (hold.amount > 0n) this.ledger.unfreeze(hold.account, hold.asset, hold.amount);
  }
}
