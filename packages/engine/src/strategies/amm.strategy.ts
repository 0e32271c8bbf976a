import { text, type AmmConfig } from '@makerdesk/contract';
import { abs, add, compare, floor, fromUnits, max, min, minus, mul, parse, round, sign } from '@makerdesk/decimal';
import { alert, stop, type Intent } from '../intents.ts';
import type { OwnFill, OwnOrder, PairRules, Strategy } from '../strategy.ts';
import { externalBook, quoteReference, remaining } from './kit/book-price.ts';
import { inverseSqrt, levelPrices, liquidityFor, poolBase, poolPrice, type PoolRange } from './kit/constant-product.ts';
import { withUnit } from '../runtime/live-figures.ts';
import { capByBalance, meetsMinimums } from './kit/order-size.ts';
import { crossesMarket, withinDeviation } from './kit/quoting-options.ts';
import { noReference } from './kit/quoting-state.ts';
import { syncSlots, type DesiredOrder } from './kit/sync-slots.ts';

/**
 * AMM market making: a constant-product pool with its liquidity on [lower, upper], written as limit
 * orders at gridCount + 1 level prices. The pool is set up once at the market's price with the largest
 * liquidity L both investments cover; from then on only fills move it: the base it holds changes by
 * each fill's amount and its price follows (√p = L / (x + L/√pb)). At every level above the pool's price
 * a sell of the base the pool gives up between the level below (or the pool price) and that level; at
 * every level below it a buy of the base the pool takes between that level and the one above (or the
 * pool price). A filled sell therefore reappears as a buy one level down, and the other way round.
 */
export interface AmmPool {
  /** What the pool was built from; a config with another range, grid, investment or price precision rebuilds it. */
  key: string;
  liquidity: string;
  /** The base the pool holds now (x). */
  base: string;
  /** The level prices, lower bound first. */
  levels: string[];
  /** The base the pool holds at each level price, x(level): fixed for the pool, so ticks take no root. */
  levelBase: string[];
}

export interface AmmState {
  pool: AmmPool | null;
  reference: string | null;
  noReferenceAlerted: boolean;
}

export const EMPTY_POOL_REASON = 'The pool holds nothing: inside the range it needs both the token and the quote investment.';
export const NARROW_RANGE_REASON = "The price range holds fewer than two prices on the pair's price grid.";

export const ammStrategy: Strategy<AmmConfig, AmmState> = {
  type: 'amm',
  initialState: () => ({ pool: null, reference: null, noReferenceAlerted: false }),
  needs: (config) => ({ bookDepth: config.gridCount + 20, references: [], accountOrders: true }),
  decide(input) {
    const { config, state, market, orders, fills, now } = input;
    const { rules } = market;
    const key = [config.lowerPrice, config.upperPrice, config.gridCount, config.spacing, config.baseInvestment, config.quoteInvestment, rules.pricePrecision].join('|');
    const intents: Intent[] = [];
    let pool: AmmPool;
    if (state.pool !== null && state.pool.key === key) {
      pool = { ...state.pool, base: afterFills(state.pool, fills) };
    } else {
      const levels = levelPrices(config.lowerPrice, config.upperPrice, config.gridCount, config.spacing, rules.pricePrecision);
      if (levels.length < 2) return { intents: [stop(NARROW_RANGE_REASON)], state, reference: null };
      const price = quoteReference(market, orders, state.reference);
      if (price === null) return noReference(state);
      const range = rangeOf(levels);
      const liquidity = liquidityFor(range, price, config.baseInvestment, config.quoteInvestment);
      if (sign(liquidity) <= 0) return { intents: [stop(EMPTY_POOL_REASON)], state, reference: null };
      pool = { key, liquidity, base: poolBase(range, liquidity, price), levels, levelBase: levels.map((p) => poolBase(range, liquidity, p)) };
      intents.push(alert('info', poolSetUpText(price, range, pool.base, liquidity, rules)));
    }
    const price = poolPrice(rangeOf(pool.levels), pool.liquidity, pool.base);
    const reference = parse(round(price, rules.pricePrecision + 4, 'half-up'));
    const others = externalBook(market.book, orders);
    let desired = poolOrders(pool, rules).filter(
      (d) => input.priceMode !== 'safe' || (!crossesMarket(d, others) && withinDeviation(d.price, reference, config.maxDeviation)),
    );
    desired = capByBalance(keepPartlyFilled(desired, orders, rules), orders, market.balances, rules);
    intents.push(...syncSlots(desired, orders, { now }));
    return { intents, state: { pool, reference, noReferenceAlerted: false }, reference };
  },
};

function rangeOf(levels: readonly string[]): PoolRange {
  return { lower: levels[0] as string, upper: levels[levels.length - 1] as string };
}

/** The pool's base after the fills: + bought, − sold, kept within what the range allows (x at the lower bound). */
function afterFills(pool: AmmPool, fills: readonly OwnFill[]): string {
  let base = pool.base;
  for (const f of fills) base = f.side === 'buy' ? add(base, f.amount) : minus(base, f.amount);
  return max('0', min(base, pool.levelBase[0] as string));
}

/**
 * The pool as orders, tag `level-<i>` (0 = lower bound): the base between adjacent levels, cut at the
 * pool's holding; amounts rounded down to the amount precision, those under the venue's minimums left out.
 */
export function poolOrders(pool: AmmPool, rules: PairRules): DesiredOrder[] {
  const xs = pool.levelBase;
  const out: DesiredOrder[] = [];
  pool.levels.forEach((price, i) => {
    const x = xs[i] as string;
    const above = compare(x, pool.base) < 0;
    const below = compare(x, pool.base) > 0;
    if (!above && !below) return;
    const exact = above ? minus(min(pool.base, xs[i - 1] as string), x) : minus(x, max(pool.base, xs[i + 1] as string));
    const amount = floor(exact, rules.amountPrecision);
    if (meetsMinimums(price, amount, rules)) out.push({ tag: `level-${i}`, side: above ? 'sell' : 'buy', price, amount });
  });
  return out;
}

/**
 * A level whose order was partly filled: the pool now wants what is left of it, which the resting
 * order already offers (to a unit of rounding), so the order keeps its place in the queue.
 */
function keepPartlyFilled(desired: readonly DesiredOrder[], own: readonly OwnOrder[], rules: PairRules): DesiredOrder[] {
  const unit = parse(fromUnits(1n, rules.amountPrecision));
  return desired.map((d) => {
    const o = own.find((x) => x.tag === d.tag && x.side === d.side && x.state === 'open' && compare(x.price, d.price) === 0);
    return o && compare(abs(minus(remaining(o), d.amount)), unit) <= 0 ? { ...d, amount: o.amount } : d;
  });
}

/**
 * The pool's set-up line, readable: its price and range with the quote unit, the base it offers, and
 * its liquidity L (units √(base·quote)) with what L means for a desk: the base a 1 % price move
 * trades, L × (1/√p − 1/√(1.01·p)).
 */
export function poolSetUpText(price: string, range: PoolRange, base: string, liquidity: string, rules: PairRules) {
  const perPercent = mul(liquidity, minus(inverseSqrt(price), inverseSqrt(mul(price, '1.01'))));
  return text('bots.amm.poolSetUp', {
    price: withUnit(price, rules.pricePrecision, rules.quote),
    lower: withUnit(range.lower, rules.pricePrecision, rules.quote),
    upper: withUnit(range.upper, rules.pricePrecision, rules.quote),
    base: `${floor(base, rules.amountPrecision)} ${rules.base}`,
    liquidity: parse(round(liquidity, 8, 'down')),
    baseAsset: rules.base,
    quoteAsset: rules.quote,
    perPercent: `${floor(perPercent, rules.amountPrecision)} ${rules.base}`,
  });
}
