/** The venue-facing shapes (decimal strings) of the simulator's integer-unit records. */
import type { Balance, BookLevel, Candle, MyTrade, Order, OrderBook, Trade } from '../exchange.ts';
import type { CandleUnits } from './candles.ts';
import { unitsToDecimal, type BookReader, type Ledger, type Side } from './matching/index.ts';
import { formatAmount, formatPrice, formatQuote, type PairSetup } from './sim-pair.ts';
import type { FillRecord, OrderRecord } from './user-account.ts';

/** A public trade in units. */
export interface TradeRecord {
  readonly id: string;
  /** Ticks. */
  readonly price: number;
  /** Lots. */
  readonly qty: number;
  /** The taker's side. */
  readonly side: Side;
  readonly time: number;
}

export function orderView(setup: PairSetup, order: OrderRecord): Order {
  return {
    orderNo: order.no,
    clientOrderId: order.clientOrderId,
    symbol: order.symbol,
    direction: order.side,
    tradeType: order.type,
    timeInForce: order.timeInForce,
    price: order.price === null ? null : formatPrice(setup, order.price),
    amount: formatAmount(setup, order.qty),
    filledAmount: formatAmount(setup, order.filledQty),
    filledValue: formatQuote(setup, order.filledQuote),
    status: order.status,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

export function tradeView(setup: PairSetup, trade: TradeRecord): Trade {
  return {
    id: trade.id,
    symbol: setup.config.symbol,
    price: formatPrice(setup, trade.price),
    amount: formatAmount(setup, trade.qty),
    side: trade.side,
    timestamp: trade.time,
  };
}

/** `side` is the account's own side; the fee is in the asset it received. */
export function myTradeView(setup: PairSetup, fill: FillRecord, assetDecimals: ReadonlyMap<string, number>): MyTrade {
  return {
    id: fill.tradeId,
    symbol: setup.config.symbol,
    price: formatPrice(setup, fill.price),
    amount: formatAmount(setup, fill.qty),
    side: fill.side,
    timestamp: fill.time,
    orderNo: fill.orderNo,
    fee: unitsToDecimal(fill.fee, assetDecimals.get(fill.feeAsset) ?? 0),
    feeAsset: fill.feeAsset,
    liquidity: fill.liquidity,
  };
}

export function bookView(setup: PairSetup, book: BookReader, depth: number, timestamp: number, updateId: number): OrderBook {
  const levels = book.depth(depth);
  const level = (l: { price: number; qty: number }): BookLevel => [formatPrice(setup, l.price), formatAmount(setup, l.qty)];
  return { symbol: setup.config.symbol, bids: levels.bids.map(level), asks: levels.asks.map(level), timestamp, updateId };
}

export function candleView(setup: PairSetup, candle: CandleUnits): Candle {
  return {
    time: candle.time,
    open: formatPrice(setup, candle.open),
    high: formatPrice(setup, candle.high),
    low: formatPrice(setup, candle.low),
    close: formatPrice(setup, candle.close),
    volume: formatAmount(setup, candle.volume),
    quoteVolume: formatQuote(setup, candle.quoteVolume),
  };
}

/**
 * balancesView with the rendering remembered per account and asset: a balance is written out again
 * only when its units changed (every bot tick reads its account's balances, in every asset).
 */
export class BalanceViews {
  private readonly rendered = new Map<string, Map<string, { available: bigint; frozen: bigint; view: Balance }>>();

  constructor(
    private readonly ledger: Ledger,
    private readonly assetDecimals: ReadonlyMap<string, number>,
  ) {}

  /** What balancesView(ledger, account, assetDecimals) answers; fresh objects every call. */
  of(account: string): Balance[] {
    let cache = this.rendered.get(account);
    if (cache === undefined) this.rendered.set(account, (cache = new Map()));
    const known = cache;
    const out: Balance[] = [];
    this.ledger.forEachBalance(account, (asset, available, frozen) => {
      let entry = known.get(asset);
      if (entry === undefined || entry.available !== available || entry.frozen !== frozen) {
        const decimals = this.assetDecimals.get(asset) ?? 0;
        const view: Balance = {
          asset,
          available: unitsToDecimal(available, decimals),
          frozen: unitsToDecimal(frozen, decimals),
          total: unitsToDecimal(available + frozen, decimals),
        };
        entry = { available, frozen, view };
        known.set(asset, entry);
      }
      out.push({ ...entry.view });
    });
    return out;
  }
}

/** Every asset the account holds or has held, in the order it first got them. */
export function balancesView(ledger: Ledger, account: string, assetDecimals: ReadonlyMap<string, number>): Balance[] {
  const out: Balance[] = [];
  for (const [asset, balance] of ledger.balances(account)) {
    const decimals = assetDecimals.get(asset) ?? 0;
    out.push({
      asset,
      available: unitsToDecimal(balance.available, decimals),
      frozen: unitsToDecimal(balance.frozen, decimals),
      total: unitsToDecimal(balance.available + balance.frozen, decimals),
    });
  }
  return out;
}
