import { add, compare, mul } from '@makerdesk/decimal';
import type { Trade } from '@makerdesk/exchange';
import type { LedgerBatch, LedgerFill } from '../../repositories/liquidity.repository.ts';

export type { LedgerBatch, LedgerFill };

/**
 * The pure parts of a live pair's trading activity for the liquidity figures (issue 20): the market's
 * traded quote volume from the trades its feed heard, and the desk's own part from its ledger (the
 * bots' fills, the account's manual fills, the bots' placements), folded per pair.
 */

export interface OwnActivity {
  ownVolumeQuote: string;
  /** The bots' fills (the order-to-trade ratio's denominator, as its numerator is the bots' placements). */
  fills: number;
  ordersPlaced: number;
}

export const NO_OWN_ACTIVITY: OwnActivity = { ownVolumeQuote: '0', fills: 0, ordersPlaced: 0 };

/** Two fills of the desk on opposite sides this close in time, of the same amount and value, are taken for one trade between its own orders. */
export const SELF_TRADE_WINDOW_MS = 5000;

/** The quote volume of `trades`: Σ price × amount. */
export function tradedQuote(trades: readonly Pick<Trade, 'price' | 'amount'>[]): string {
  let sum = '0';
  for (const t of trades) sum = add(sum, mul(t.price, t.amount));
  return sum;
}

export function addOwn(a: OwnActivity, b: OwnActivity): OwnActivity {
  return { ownVolumeQuote: add(a.ownVolumeQuote, b.ownVolumeQuote), fills: a.fills + b.fills, ordersPlaced: a.ordersPlaced + b.ordersPlaced };
}

/**
 * The batch per pair. A trade between two of the desk's orders (two bots, or a bot and a manual
 * order, on different accounts: the venue prevents it within one) is two fills but its volume once,
 * as on the simulator. The ledger names no venue trade for a bot's fill, so such a trade is
 * recognised as a buy and a sell of the pair with the same amount and quote value within
 * SELF_TRADE_WINDOW_MS of each other (a market maker's own buy and sell at one price at once are a
 * crossing of its own orders). A manual fill copied twice (two console accounts on one venue
 * account) counts once, by its trade id.
 */
export function foldLedger(batch: LedgerBatch): Map<number, OwnActivity> {
  const out = new Map<number, OwnActivity>();
  const of = (coinId: number) => out.get(coinId) ?? { ...NO_OWN_ACTIVITY };
  const byCoin = new Map<number, LedgerFill[]>();
  const push = (f: LedgerFill) => {
    const list = byCoin.get(f.coinId);
    if (list) list.push(f);
    else byCoin.set(f.coinId, [f]);
  };
  const manualSeen = new Set<string>();
  for (const f of batch.botFills) {
    push(f);
    const a = of(f.coinId);
    out.set(f.coinId, { ...a, fills: a.fills + 1 });
  }
  for (const f of batch.manualFills) {
    const key = `${f.coinId}:${f.tradeId ?? ''}`;
    if (f.tradeId !== undefined && manualSeen.has(key)) continue;
    manualSeen.add(key);
    push(f);
  }
  for (const [coinId, fills] of byCoin) {
    const a = of(coinId);
    out.set(coinId, { ...a, ownVolumeQuote: add(a.ownVolumeQuote, ownVolume(fills)) });
  }
  for (const { coinId, count } of batch.placed) {
    const a = of(coinId);
    out.set(coinId, { ...a, ordersPlaced: a.ordersPlaced + count });
  }
  return out;
}

/** One pair's fills' quote volume, a matched buy and sell (one trade between the desk's orders) counted once. */
function ownVolume(fills: readonly LedgerFill[]): string {
  const sells = fills.filter((f) => f.side === 'sell');
  const twins = new Set<LedgerFill>();
  for (const b of fills) {
    if (b.side !== 'buy') continue;
    const twin = sells.find((s) => !twins.has(s) && Math.abs(s.at - b.at) <= SELF_TRADE_WINDOW_MS && compare(s.amount, b.amount) === 0 && compare(s.quoteAmount, b.quoteAmount) === 0);
    if (twin) twins.add(twin);
  }
  let sum = '0';
  for (const f of fills) if (!twins.has(f)) sum = add(sum, f.quoteAmount);
  return sum;
}
