import type { BookFlashConfig } from '@makerdesk/contract';
import { add, div, max, minus, mul, sign, stepOf } from '@makerdesk/decimal';
import type { BookLevel, Side } from '@makerdesk/exchange';
import { cancel, place, replace, type Intent } from '../intents.ts';
import type { Strategy, TickInput, TickOutput } from '../strategy.ts';
import { bestAsk, bestBid, externalBook } from './kit/book-price.ts';
import { drawDecimal } from './kit/draw.ts';
import { capByBalance, venueMinimum } from './kit/order-size.ts';
import type { DesiredOrder } from './kit/sync-slots.ts';
import { alertOnce, type Warned } from './kit/warn-once.ts';

/**
 * Order-book flash (docs/strategies.md, "Order-book flash"), simulation only (DESIGN §8). Each round
 * draws an order count between the round order count min and max; each order goes to a side (the
 * configured one, or a coin flip for both) and a book level drawn between `levelMin` and `levelMax`
 * of that side of the book without the bot, at that level's price, with an amount drawn between the
 * single order amount min and max. The round's orders replace the previous round's (tags `flash-<i>`),
 * so nothing the bot shows stays longer than one round.
 */
export type BookFlashState = Warned;

export const FLASH_TAG = 'flash';

type Input = TickInput<BookFlashConfig, BookFlashState>;

/**
 * The price of book level `level` (1 = the touch) of one side: the level's own price while the side
 * has that many levels, otherwise one tick further out per missing level beyond its deepest one.
 */
export function levelPrice(levels: readonly BookLevel[], side: Side, level: number, pricePrecision: number): string | null {
  if (levels.length === 0) return null;
  if (level <= levels.length) return levels[level - 1]![0];
  const beyond = mul(stepOf(pricePrecision), String(level - levels.length));
  const price = side === 'buy' ? minus(levels.at(-1)![0], beyond) : add(levels.at(-1)![0], beyond);
  return sign(price) > 0 ? price : null;
}

export function decideBookFlash(input: Input): TickOutput<BookFlashState> {
  const { config, market, rng, orders } = input;
  const rules = market.rules;
  const others = externalBook(market.book, orders);
  const bid = bestBid(others);
  const ask = bestAsk(others);
  const reference = bid !== null && ask !== null ? div(add(bid, ask), '2', { decimals: rules.pricePrecision + 1, rounding: 'half-even' }) : (bid ?? ask);

  const count = rng.int(config.orderCountMin, config.orderCountMax);
  const desired: DesiredOrder[] = [];
  for (let i = 0; i < count; i++) {
    const side: Side = config.side === 'both' ? (rng.int(0, 1) === 0 ? 'buy' : 'sell') : config.side;
    const level = rng.int(config.levelMin, config.levelMax);
    const price = levelPrice(side === 'buy' ? others.bids : others.asks, side, level, rules.pricePrecision);
    const drawn = drawDecimal(rng, config.orderAmountMin, config.orderAmountMax, rules.amountPrecision);
    if (price === null) continue;
    desired.push({ tag: '', side, price, amount: max(drawn, venueMinimum(price, rules)) });
  }
  const affordable = capByBalance(desired, orders, market.balances, rules);
  if (affordable.length === 0 && count > 0) {
    const { intents, state } = alertOnce(input.state, 'empty', 'warn', desired.length === 0 ? 'the book has no level to flash at; the round is skipped' : `not enough ${rules.base} or ${rules.quote} for a flash order; the round is skipped`);
    return { intents: [...orders.filter((o) => o.state === 'open').map((o) => cancel(o.clientOrderId)), ...intents], state, reference };
  }

  // The last round's open orders are replaced one for one; orders in flight keep their tags until the venue settles them.
  const open = orders.filter((o) => o.state === 'open');
  const busy = new Set(orders.filter((o) => o.state !== 'open').map((o) => o.tag));
  const intents: Intent[] = [];
  let next = 1;
  const freeTag = () => {
    while (busy.has(`${FLASH_TAG}-${next}`)) next++;
    return `${FLASH_TAG}-${next++}`;
  };
  affordable.forEach((want, i) => {
    const order = { side: want.side, price: want.price, amount: want.amount, timeInForce: 'GTC' as const };
    const old = open[i];
    if (old) intents.push(replace(old.clientOrderId, { ...order, tag: old.tag }));
    else intents.push(place({ ...order, tag: freeTag() }));
    if (old) busy.add(old.tag);
  });
  for (const old of open.slice(affordable.length)) intents.unshift(cancel(old.clientOrderId));
  return { intents, state: { warned: null }, reference };
}


export const bookFlashStrategy: Strategy<BookFlashConfig, BookFlashState> = {
  type: 'book_flash',
  initialState: () => ({ warned: null }),
  needs: (config) => ({ bookDepth: Math.min(100, config.levelMax + 20), references: [] }),
  decide: decideBookFlash,
};
