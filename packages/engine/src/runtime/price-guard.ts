import { abs, add, compare, min, minus, mul, parse, round, sign, stepOf } from '@makerdesk/decimal';
import type { BookLevel, OrderBook, Side, TimeInForce } from '@makerdesk/exchange';
import { text, type PriceMode, type ServerText } from '@makerdesk/contract';
import type { PlaceIntent } from '../intents.ts';
import type { PairRules } from '../strategy.ts';

/** An order ready for the venue: rounded to the pair's precision and checked against the price mode. */
export interface GuardedOrder {
  tag: string;
  side: Side;
  price: string;
  amount: string;
  timeInForce: TimeInForce;
  /** Sent with the venue's self-trade opt-in: only ever true on a simulated session. */
  selfTrade: boolean;
}

export type GuardRefusal = 'too_small' | 'no_reference' | 'spread_too_narrow' | 'crosses' | 'too_far' | 'no_liquidity' | 'self_trade';

/** A refusal: its code, its reason in English, and the same as a server text ("Guard … held back an order (…): …"). */
export type GuardResult = { ok: true; order: GuardedOrder } | { ok: false; code: GuardRefusal; reason: string; text: ServerText };

const GUARD_NAMES: Record<GuardRefusal, string> = {
  too_small: 'tooSmall',
  no_reference: 'noReference',
  spread_too_narrow: 'spreadTooNarrow',
  crosses: 'crosses',
  too_far: 'tooFar',
  no_liquidity: 'noLiquidity',
  self_trade: 'selfTrade',
};

export interface GuardContext {
  rules: PairRules;
  /** The bot's own venue's book this tick, best first. */
  book: OrderBook;
  priceMode: PriceMode;
  /** TickOutput.reference. */
  reference: string | null;
  /** The config's maxDeviation (a fraction); null when the type has none. */
  maxDeviation: string | null;
  /**
   * Live venues (DESIGN §8, self-trade prevention): the account's own resting orders on the pair,
   * of every scope (other bots, manual), minus those this tick cancelled. A placement that would
   * trade with one of them is refused. Null on the simulator, whose matching prevents it itself.
   */
  accountResting?: readonly { side: Side; price: string | null; clientOrderId: string | null }[] | null;
  /**
   * True on the built-in simulator. A placement that asks for self-trade (DESIGN §8, simulation-only
   * bots) is honoured there alone; on any other session it is refused, whatever the strategy asks.
   */
  simulated: boolean;
}

/**
 * Turns a placement intent into an order the venue accepts and the price mode allows (pure):
 * - price rounded to the pair's precision, bids down and asks up (never more aggressive than asked),
 *   amount rounded down;
 * - safe mode: POST_ONLY; refused without a reference, when the spread is under two ticks, when it
 *   would cross the book (bid ≥ best ask, ask ≤ best bid) or lie further than maxDeviation from the
 *   reference;
 * - normal mode: an order that crosses the book is cut to the visible liquidity within its price,
 *   so it never sweeps further than what the tick saw;
 * - refused under the pair's minimum amount or value;
 * - self-trade (simulation-only bots): honoured on a simulated session, refused on any other.
 */
export function guardPlacement(intent: Omit<PlaceIntent, 'kind'>, ctx: GuardContext): GuardResult {
  const { rules, book } = ctx;
  const price = round(intent.price, rules.pricePrecision, intent.side === 'buy' ? 'floor' : 'ceil');
  let amount = round(intent.amount, rules.amountPrecision, 'down');
  if (sign(price) <= 0 || sign(amount) <= 0) return refuse('too_small', `${intent.tag}: price ${intent.price} or amount ${intent.amount} is not positive at the pair's precision`, intent.tag, { price: intent.price, amount: intent.amount, minAmount: rules.minAmount, minNotional: rules.minNotional });
  const bestBid = book.bids[0]?.[0];
  const bestAsk = book.asks[0]?.[0];
  const crosses = intent.side === 'buy' ? bestAsk !== undefined && compare(price, bestAsk) >= 0 : bestBid !== undefined && compare(price, bestBid) <= 0;
  let timeInForce: TimeInForce = intent.timeInForce ?? 'GTC';
  const selfTrade = intent.selfTrade === true;
  if (selfTrade && !ctx.simulated) {
    return refuse('self_trade', `${intent.tag}: an order that trades with the account's own orders runs on the simulator only (market integrity policy); self-trade prevention stays on`, intent.tag, { side: `@bots.sideWord.${intent.side}`, price });
  }
  const own = ctx.accountResting?.find((o) => o.price !== null && o.side !== intent.side && (intent.side === 'buy' ? compare(price, o.price) >= 0 : compare(price, o.price) <= 0));
  if (own) {
    return refuse('self_trade', `${intent.tag}: ${intent.side} at ${price} would trade with the account's own ${own.side} at ${own.price} (self-trade prevention)`, intent.tag, { side: `@bots.sideWord.${intent.side}`, price });
  }

  if (ctx.priceMode === 'safe') {
    // The taking leg of a self-trade takes the bot's own order only: it keeps its time in force.
    if (!selfTrade) timeInForce = 'POST_ONLY';
    if (ctx.reference === null) return refuse('no_reference', `${intent.tag}: no reference price this tick; safe mode places nothing`, intent.tag, {});
    if (bestBid !== undefined && bestAsk !== undefined && compare(minus(bestAsk, bestBid), mul(stepOf(rules.pricePrecision), '2')) < 0) {
      return refuse('spread_too_narrow', `the spread ${bestBid}–${bestAsk} is under two ticks; safe mode skips its placements`, intent.tag, { bid: bestBid, ask: bestAsk });
    }
    if (crosses) return refuse('crosses', `${intent.tag}: ${intent.side} at ${price} would cross the book (${bestBid ?? '–'} / ${bestAsk ?? '–'}); safe mode never takes liquidity`, intent.tag, { side: `@bots.sideWord.${intent.side}`, price, bid: bestBid ?? '–', ask: bestAsk ?? '–' });
    if (ctx.maxDeviation !== null && compare(abs(minus(price, ctx.reference)), mul(ctx.reference, ctx.maxDeviation)) > 0) {
      return refuse('too_far', `${intent.tag}: ${price} is further than ${ctx.maxDeviation} from the reference ${ctx.reference}`, intent.tag, { price, deviation: `${parse(mul(ctx.maxDeviation, '100'))} %`, reference: ctx.reference });
    }
  } else if (crosses && timeInForce !== 'POST_ONLY') {
    const within = visibleWithin(intent.side === 'buy' ? book.asks : book.bids, intent.side, price);
    amount = round(min(amount, within), rules.amountPrecision, 'down');
    if (sign(amount) <= 0) return refuse('no_liquidity', `${intent.tag}: no visible liquidity within ${price}`, intent.tag, { price });
  }

  if (compare(amount, rules.minAmount) < 0 || compare(mul(price, amount), rules.minNotional) < 0) {
    return refuse('too_small', `${intent.tag}: ${amount} at ${price} is under the pair's minimum (amount ${rules.minAmount}, value ${rules.minNotional})`, intent.tag, { price: `${price} ${rules.quote}`, amount: `${amount} ${rules.base}`, minAmount: `${rules.minAmount} ${rules.base}`, minNotional: `${rules.minNotional} ${rules.quote}` });
  }
  return { ok: true, order: { tag: intent.tag, side: intent.side, price, amount, timeInForce, selfTrade } };
}

/** Liquidity of the opposite side at prices an order at `price` would trade with. */
function visibleWithin(levels: readonly BookLevel[], side: Side, price: string): string {
  let total = '0';
  for (const [levelPrice, size] of levels) {
    if (side === 'buy' ? compare(levelPrice, price) > 0 : compare(levelPrice, price) < 0) break;
    total = add(total, size);
  }
  return total;
}

function refuse(code: GuardRefusal, reason: string, order: string, params: Record<string, string>): GuardResult {
  const name = GUARD_NAMES[code];
  return { ok: false, code, reason, text: text('bots.guard', { ...params, order, guard: `@bots.guard.${name}`, detail: `@bots.guard.detail.${name}` }) };
}
