import { obligationApplies, text, type LiquidityObligationTerms, type RobotObligationProgress } from '@makerdesk/contract';
import { add, ceil, compare, div, floor, max, minus, mul, sign } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import { alert, type Intent } from '../../intents.ts';
import { spreadBpsCeil, spreadWithin } from '../../liquidity/measure.ts';
import type { MarketSnapshot, OwnOrder, PairRules } from '../../strategy.ts';
import type { DesiredOrder } from './sync-slots.ts';

/**
 * Quoting to the pair's obligation (issue 20 §6, depth near and depth far), pure: the innermost bid
 * and ask inside the spread cap around the reference, and at least the minimum own depth per side
 * inside the band, with the least capital. DESK.md defines both figures: the spread of the desk's
 * own best bid and ask over their mid, and the quote value of its orders within x % of the mid.
 *
 * The bot works around its reference (the book's mid, or its own mid when it makes the touch), which
 * the measured mid follows closely but not exactly; so it counts only the orders within
 * OBLIGATION_BAND_SHARE of the band, and aims OBLIGATION_DEPTH_MARGIN above the minimum.
 */

/** The terms a quoting bot keeps (the uptime and the period are the measurement's). */
export type QuotingObligation = Pick<LiquidityObligationTerms, 'maxSpreadBps' | 'depthWithinPct' | 'minDepthQuote'>;

/** The share of the band the bot counts its depth in: the mid may move by a tenth of the band before a level leaves it. */
export const OBLIGATION_BAND_SHARE = '0.9';
/** How far above the minimum depth the bot aims, so a small move or a rounding does not breach it. */
export const OBLIGATION_DEPTH_MARGIN = '0.05';
/** Resting orders raised at an earlier tick are kept while the side holds no more than this over its aim. */
export const OBLIGATION_KEEP_SLACK = '0.2';

const isBid = (side: Side) => side === 'buy';

/** Half the spread cap as a fraction of the price: the farthest the innermost order of a side may sit. */
export function capHalfFraction(obligation: Pick<QuotingObligation, 'maxSpreadBps'>): string {
  return div(obligation.maxSpreadBps, '20000', { decimals: 12, rounding: 'down' });
}

/**
 * The side's innermost price the cap allows, on the price grid, rounded inward: a bid at least
 * reference × (1 − cap / 2), an ask at most reference × (1 + cap / 2). With both, the own spread
 * (ask − bid) / mid is within the cap.
 */
export function capLimit(side: Side, reference: string, obligation: Pick<QuotingObligation, 'maxSpreadBps'>, pricePrecision: number): string {
  const h = capHalfFraction(obligation);
  return isBid(side) ? ceil(mul(reference, minus('1', h)), pricePrecision) : floor(mul(reference, add('1', h)), pricePrecision);
}

/** The edge of the side's counted band (OBLIGATION_BAND_SHARE of depthWithinPct), rounded inward onto the grid. */
export function bandEdge(side: Side, reference: string, obligation: Pick<QuotingObligation, 'depthWithinPct'>, pricePrecision: number): string {
  const x = div(mul(obligation.depthWithinPct, OBLIGATION_BAND_SHARE), '100', { decimals: 12, rounding: 'down' });
  return isBid(side) ? ceil(mul(reference, minus('1', x)), pricePrecision) : floor(mul(reference, add('1', x)), pricePrecision);
}

/** The price is on the reference's side of the edge (a bid at or above it, an ask at or below it). */
export function inside(side: Side, price: string, edge: string): boolean {
  return isBid(side) ? compare(price, edge) >= 0 : compare(price, edge) <= 0;
}

/** Quote value of the side's orders at or inside `edge`. */
export function depthInside(orders: readonly Pick<DesiredOrder, 'side' | 'price' | 'amount'>[], side: Side, edge: string): string {
  return orders.filter((o) => o.side === side && inside(side, o.price, edge)).reduce((sum, o) => add(sum, mul(o.price, o.amount)), '0');
}

/** The depth the bot aims at per side: the minimum and its margin. */
export function depthAim(obligation: Pick<QuotingObligation, 'minDepthQuote'>): string {
  return mul(obligation.minDepthQuote, add('1', OBLIGATION_DEPTH_MARGIN));
}

function nearer(side: Side, a: string, b: string): boolean {
  return isBid(side) ? compare(a, b) > 0 : compare(a, b) < 0;
}

/**
 * The layout's prices kept to the obligation: a side's innermost slot moves in to the cap's limit
 * when it sits beyond it (never further in: a tighter configured spread stays), and when no slot of
 * the side is inside the band, the innermost one moves in to the band's edge. Other slots are left
 * where the strategy put them. The slots keep their order.
 */
export function obligationSlots<T extends { side: Side; price: string }>(slots: readonly T[], reference: string, obligation: QuotingObligation, pricePrecision: number): T[] {
  const out = slots.map((s) => ({ ...s }));
  const bidCap = capLimit('buy', reference, obligation, pricePrecision);
  const askCap = capLimit('sell', reference, obligation, pricePrecision);
  // A grid too coarse for the cap (its limits meet): nothing to gain by moving.
  const capFits = compare(bidCap, askCap) < 0;
  for (const side of ['buy', 'sell'] as const) {
    const own = out.filter((s) => s.side === side && sign(s.price) > 0);
    if (own.length === 0) continue;
    const innermost = own.reduce((best, s) => (nearer(side, s.price, best.price) ? s : best));
    const limit = isBid(side) ? bidCap : askCap;
    if (capFits && nearer(side, limit, innermost.price)) innermost.price = limit;
    const edge = bandEdge(side, reference, obligation, pricePrecision);
    if (!own.some((s) => inside(side, s.price, edge)) && sign(edge) > 0) innermost.price = edge;
  }
  return out;
}

/**
 * Sizes raised so each side holds its aim (the minimum depth and its margin) inside the band, with the
 * least capital: a side that holds it already is left as it is; else the deficit is spread evenly over
 * the side's slots inside the band, each amount rounded up to the amount step. A resting order of the
 * slot raised at an earlier tick is kept at its amount while the side stays within its aim and
 * OBLIGATION_KEEP_SLACK over it, so a tick does not replace it for a redraw. A raised slot's amount is
 * exact (no amount range). The funds are applied afterwards (capByBalance, nearest first).
 */
export function topUpDepth(sized: readonly DesiredOrder[], own: readonly OwnOrder[], reference: string, obligation: QuotingObligation, rules: Pick<PairRules, 'pricePrecision' | 'amountPrecision'>): DesiredOrder[] {
  let out = [...sized];
  const aim = depthAim(obligation);
  if (sign(aim) <= 0) return out;
  const openByTag = new Map(own.filter((o) => o.state === 'open').map((o) => [o.tag, o]));
  for (const side of ['buy', 'sell'] as const) {
    const edge = bandEdge(side, reference, obligation, rules.pricePrecision);
    const inBand = out.filter((o) => o.side === side && inside(side, o.price, edge) && sign(o.price) > 0);
    if (inBand.length === 0) continue;
    const have = depthInside(inBand, side, edge);
    if (compare(have, aim) >= 0) continue;
    // The resting orders' amounts, where larger than the slot's: still enough and not much more?
    const resting = new Map(
      inBand.map((o) => {
        const open = openByTag.get(o.tag);
        const left = open && open.side === side ? minus(open.amount, open.filledAmount) : '0';
        return [o, max(o.amount, left)] as const;
      }),
    );
    const restingDepth = inBand.reduce((sum, o) => add(sum, mul(o.price, resting.get(o)!)), '0');
    let raised: Map<DesiredOrder, string>;
    if (compare(restingDepth, aim) >= 0 && compare(restingDepth, mul(aim, add('1', OBLIGATION_KEEP_SLACK))) <= 0) {
      raised = resting;
    } else {
      const each = div(minus(aim, have), String(inBand.length), { decimals: 12, rounding: 'up' });
      raised = new Map(inBand.map((o) => [o, add(o.amount, ceil(div(each, o.price, { decimals: 12, rounding: 'up' }), rules.amountPrecision))] as const));
    }
    out = out.map((o) => {
      const amount = raised.get(o);
      if (amount === undefined || amount === o.amount) return o;
      const { amountRange: _range, ...rest } = o;
      return { ...rest, amount };
    });
  }
  return out;
}

/** Which of the obligation's parts a set of own orders keeps around `reference` (the counted band). */
export interface ObligationCheck {
  spread: boolean;
  buy: boolean;
  sell: boolean;
}

export function checkObligation(orders: readonly Pick<DesiredOrder, 'side' | 'price' | 'amount'>[], reference: string, obligation: QuotingObligation, pricePrecision: number): ObligationCheck {
  const bid = best(orders, 'buy');
  const ask = best(orders, 'sell');
  const depth = (side: Side) => compare(depthInside(orders, side, bandEdge(side, reference, obligation, pricePrecision)), obligation.minDepthQuote) >= 0;
  return { spread: bid !== null && ask !== null && spreadWithin(bid, ask, obligation.maxSpreadBps), buy: depth('buy'), sell: depth('sell') };
}

/** Each part the first check keeps, the second keeps too. */
export function keepsAsMuch(a: ObligationCheck, b: ObligationCheck): boolean {
  return (!a.spread || b.spread) && (!a.buy || b.buy) && (!a.sell || b.sell);
}

function best(orders: readonly Pick<DesiredOrder, 'side' | 'price'>[], side: Side): string | null {
  let out: string | null = null;
  for (const o of orders) if (o.side === side && (out === null || nearer(side, o.price, out))) out = o.price;
  return out;
}

/**
 * The bot's orders once its intents are done: its open orders (their unfilled amounts) without the
 * ones cancelled or replaced, and the placements.
 */
export function restingAfter(intents: readonly Intent[], own: readonly OwnOrder[]): Pick<DesiredOrder, 'side' | 'price' | 'amount'>[] {
  const gone = new Set(intents.flatMap((i) => (i.kind === 'cancel' || i.kind === 'replace' ? [i.clientOrderId] : [])));
  const kept = own.filter((o) => o.state === 'open' && !gone.has(o.clientOrderId)).map((o) => ({ side: o.side, price: o.price, amount: minus(o.amount, o.filledAmount) }));
  const placed = intents.flatMap((i) => (i.kind === 'place' ? [i] : i.kind === 'replace' ? [i.place] : [])).map((p) => ({ side: p.side, price: p.price, amount: p.amount }));
  return [...kept, ...placed];
}

/**
 * How close the bot's orders run to the obligation, as DESK.md measures it: the own best bid and
 * ask's spread (bps, rounded up to 0.1), and the own depth per side within depthWithinPct of `mid`
 * (the whole band; quote, at the quote's two decimals cut toward zero would be the display's job).
 */
export function obligationProgress(
  orders: readonly { side: Side; price: string; amount: string; filledAmount?: string }[],
  obligation: QuotingObligation,
  mid: string | null,
  shortOfFunds: boolean,
): RobotObligationProgress {
  const rest = orders.map((o) => ({ side: o.side, price: o.price, amount: o.filledAmount === undefined ? o.amount : minus(o.amount, o.filledAmount) }));
  const bid = best(rest, 'buy');
  const ask = best(rest, 'sell');
  const spreadBps = bid !== null && ask !== null ? spreadBpsCeil(bid, ask) : null;
  const x = div(obligation.depthWithinPct, '100', { decimals: 12, rounding: 'down' });
  const depth = (side: Side) => {
    if (mid === null) return '0';
    const edge = isBid(side) ? mul(mid, minus('1', x)) : mul(mid, add('1', x));
    return depthInside(rest, side, edge);
  };
  const bidQuote = depth('buy');
  const askQuote = depth('sell');
  const spreadOk = bid !== null && ask !== null && spreadWithin(bid, ask, obligation.maxSpreadBps);
  const met = spreadOk && compare(bidQuote, obligation.minDepthQuote) >= 0 && compare(askQuote, obligation.minDepthQuote) >= 0;
  return {
    spreadBps,
    maxSpreadBps: obligation.maxSpreadBps,
    depthWithinPct: obligation.depthWithinPct,
    bidQuote,
    askQuote,
    minDepthQuote: obligation.minDepthQuote,
    met,
    shortOfFunds,
  };
}

/**
 * The obligation a bot quotes to this tick: its option on, the pair holding one and `now` inside the
 * hours it applies (all day by default); else undefined (the bot quotes as configured: outside its
 * hours the obligation asks nothing, so the least capital is the bot's own ladder).
 */
export function activeObligation(options: { keepObligation?: boolean | undefined } | undefined, market: Pick<MarketSnapshot, 'obligation'>, now: number): QuotingObligation | undefined {
  if (options?.keepObligation !== true || !market.obligation || !obligationApplies(market.obligation, now)) return undefined;
  const { maxSpreadBps, depthWithinPct, minDepthQuote } = market.obligation;
  return { maxSpreadBps, depthWithinPct, minDepthQuote };
}

/** What a bot quoting to the obligation keeps between ticks: whether it said it falls short (said once per episode). */
export interface ObligationState {
  obligationShort?: boolean;
}

/**
 * The trading-log line when the bot starts falling short of the obligation (which sides), and when it
 * covers it again; nothing while it stays as it was.
 */
export function obligationNotice(short: readonly Side[], wasShort: boolean | undefined, obligation: QuotingObligation): { intents: Intent[]; short: boolean } {
  const now = short.length > 0;
  if (now === (wasShort === true)) return { intents: [], short: now };
  if (!now) return { intents: [alert('info', text('bots.obligationCovered'))], short: false };
  const sides = short.length === 2 ? 'both' : short[0]!;
  return { intents: [alert('warn', text('bots.obligationShort', { sides: `@bots.obligationShort.${sides}`, band: obligation.depthWithinPct }))], short: true };
}
