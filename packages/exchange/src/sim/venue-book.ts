/**
 * One pair's SpotMarket with the venue's order numbers on its resting orders, and the means to
 * write the book down and rebuild it in the same time priority after a restart.
 */
import {
  SpotMarket,
  type BookReader,
  type Ledger,
  type Market,
  type OrderRequest,
  type OrderView,
  type PlaceResult,
  type Side,
  type StpMode,
} from './matching/index.ts';

/** A resting order as a snapshot keeps it. */
export interface RestingOrder {
  readonly no: string;
  readonly account: string;
  readonly side: Side;
  /** Ticks. */
  readonly price: number;
  /** Lots still resting. */
  readonly qty: number;
  /** What the order holds frozen, in units of the asset it spends. */
  readonly hold: bigint;
  readonly stp: StpMode;
}

export interface Placement {
  readonly result: PlaceResult;
  /** The order number of each fill's maker, index for index. */
  readonly makerNos: readonly string[];
  /** The order numbers of result.canceledMakers, index for index. */
  readonly canceledMakerNos: readonly string[];
}

interface Live {
  readonly id: number;
  readonly price: number;
}

export class VenueBook {
  readonly spot: SpotMarket;
  private readonly byNo = new Map<string, Live>();
  private readonly noById = new Map<number, string>();
  /**
   * Frozen quote a restored buy holds beyond what re-placing it froze: a buy that took at better
   * prices before it rested holds more than price × remaining, and the engine cannot be told so.
   */
  private readonly extraHolds = new Map<number, { account: string; amount: bigint }>();

  constructor(market: Market, ledger: Ledger) {
    this.spot = new SpotMarket(market, ledger);
  }

  get market(): Market {
    return this.spot.market;
  }

  get book(): BookReader {
    return this.spot.book;
  }

  get restingCount(): number {
    return this.byNo.size;
  }

  isResting(no: string): boolean {
    return this.byNo.has(no);
  }

  /** Limit price in ticks of a resting order. */
  priceOf(no: string): number | undefined {
    return this.byNo.get(no)?.price;
  }

  order(no: string): OrderView | undefined {
    const live = this.byNo.get(no);
    return live === undefined ? undefined : this.spot.book.getOrder(live.id);
  }

  /** Places an order under number `no` (used only if it rests). Throws as SpotMarket.place does. */
  place(no: string, req: OrderRequest): Placement {
    const result = this.spot.place(req);
    const makerNos: string[] = [];
    for (const fill of result.fills) {
      makerNos.push(this.noById.get(fill.makerOrderId) as string);
      if (fill.makerFilled) this.forget(fill.makerOrderId);
    }
    const canceledMakerNos: string[] = [];
    for (const maker of result.canceledMakers) {
      canceledMakerNos.push(this.noById.get(maker.id) as string);
      this.forget(maker.id);
    }
    if (result.order.remainingQty > 0) this.remember(no, result.order.id, result.order.price as number);
    return { result, makerNos, canceledMakerNos };
  }

  /** Cancels a resting order (the account's only, when given); undefined when not resting. */
  cancel(no: string, account?: string): OrderView | undefined {
    const live = this.byNo.get(no);
    if (live === undefined) return undefined;
    const view = this.spot.cancel(live.id, account);
    if (view !== undefined) this.forget(live.id);
    return view;
  }

  /** Every resting order, bids best first then asks best first, oldest first within a level. */
  restingOrders(): RestingOrder[] {
    return this.spot.book.restingOrders().map((order) => ({
      no: this.noById.get(order.id) as string,
      account: order.account,
      side: order.side,
      price: order.price as number,
      qty: order.remainingQty,
      hold: (this.spot.heldFor(order.id) ?? 0n) + (this.extraHolds.get(order.id)?.amount ?? 0n),
      stp: order.stp,
    }));
  }

  /**
   * Rests a snapshot's order again behind the ones restored before it. The account must have
   * the hold available. Throws when the order would trade (a crossed book) or holds too little.
   */
  restore(order: RestingOrder): void {
    const book = this.spot.book;
    const opposite = order.side === 'buy' ? book.bestAsk() : book.bestBid();
    if (opposite !== undefined && (order.side === 'buy' ? opposite <= order.price : opposite >= order.price)) {
      throw new Error(`order ${order.no} would cross the restored book`);
    }
    if (this.byNo.has(order.no)) throw new Error(`order ${order.no} appears twice`);
    const { result } = this.place(order.no, {
      type: 'limit',
      account: order.account,
      side: order.side,
      price: order.price,
      qty: order.qty,
      stp: order.stp,
    });
    const extra = order.hold - (this.spot.heldFor(result.order.id) ?? 0n);
    if (extra < 0n || (extra > 0n && order.side === 'sell')) {
      throw new Error(`order ${order.no} holds ${order.hold}, which does not match its side, price and quantity`);
    }
    if (extra > 0n) {
      this.spot.ledger.freeze(order.account, this.market.quote, extra);
      this.extraHolds.set(result.order.id, { account: order.account, amount: extra });
    }
  }

  private remember(no: string, id: number, price: number): void {
    this.byNo.set(no, { id, price });
    this.noById.set(id, no);
  }

  private forget(id: number): void {
    const no = this.noById.get(id);
    if (no === undefined) return;
    this.noById.delete(id);
    this.byNo.delete(no);
    const extra = this.extraHolds.get(id);
    if (extra !== undefined) {
      this.extraHolds.delete(id);
      this.spot.ledger.unfreeze(extra.account, this.market.quote, extra.amount);
    }
  }
}
