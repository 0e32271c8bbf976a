import type { RobotTypeKey, VolumeConfig } from '@makerdesk/contract';
import { add, ceil, compare, div, floor, max, min, minus, mul, sign, stepOf } from '@makerdesk/decimal';
import type { Side } from '@makerdesk/exchange';
import { cancel, place, type Intent } from '../intents.ts';
import type { Rng } from '../rng.ts';
import type { Strategy, TickInput, TickOutput } from '../strategy.ts';
import { bestAsk, bestBid, externalBook } from './kit/book-price.ts';
import { drawDecimal, FRACTION_DECIMALS } from './kit/draw.ts';
import { venueMinimum } from './kit/order-size.ts';
import { alertOnce, type Warned } from './kit/warn-once.ts';

/**
 * The volume bots (docs/strategies.md, "Volume bots"), simulation only (DESIGN §8). Each tick is one
 * round: a volume drawn between the single volume min and max, split into a drawn round order count,
 * each part traded against the bot's own order at one price strictly inside the spread of the book
 * without the bot: a GTC maker leg (`vol-<i>-m`), then an IOC taker leg (`vol-<i>-t`) of the other
 * side at the same price and amount, both with the simulator's self-trade opt-in. The mode chooses
 * the price.
 */
export type VolumeMode = 'random' | 'natural' | 'range' | 'mid' | 'sine' | 'min_hold';

export interface VolumeState extends Warned {
  rounds: number;
  /** Natural mode: where the price sits in the spread, 0 (bid side) to 1 (ask side). */
  walk: string;
}

export const VOLUME_TAG = 'vol';

/** A round's price: strictly inside (bid, ask), on the tick grid. */
export interface RoundWindow {
  /** Lowest price strictly above the best bid. */
  lo: string;
  /** Highest price strictly below the best ask. */
  hi: string;
  bid: string;
  ask: string;
}

type Input = TickInput<VolumeConfig, VolumeState>;
type PriceChoice = { price: string; walk?: string } | { skip: string; key: string } | { wait: true };

/** The price of one round for a mode, or why the round is skipped. Pure. */
export function roundPrice(mode: VolumeMode, input: Input, window: RoundWindow): PriceChoice {
  const { config, rng, market } = input;
  const pp = market.rules.pricePrecision;
  switch (mode) {
    case 'random':
      return { price: drawDecimal(rng, window.lo, window.hi, pp) };
    case 'natural': {
      const step = config.walkStep ?? '0.1';
      let walk = add(input.state.walk, drawDecimal(rng, `-${step}`, step, FRACTION_DECIMALS));
      // Reflected at the edges, so the walk stays inside the spread without sticking to it.
      if (sign(walk) < 0) walk = minus('0', walk);
      if (compare(walk, '1') > 0) walk = minus('2', walk);
      return { price: at(window, walk, pp), walk };
    }
    case 'range': {
      const lo = max(window.lo, ceil(config.priceLow!, pp));
      const hi = min(window.hi, floor(config.priceHigh!, pp));
      if (compare(lo, hi) > 0) return { skip: `the spread ${window.bid}–${window.ask} does not meet the range ${config.priceLow}–${config.priceHigh}; the round is skipped`, key: 'range' };
      return { price: drawDecimal(rng, lo, hi, pp) };
    }
    case 'mid':
      return { price: clampInside(window, floor(div(add(window.bid, window.ask), '2', { decimals: pp + 1, rounding: 'floor' }), pp)) };
    case 'sine': {
      const period = (config.periodSec ?? 600) * 1000;
      const phase = ((input.now - input.startedAt) % period) / period;
      const s = (0.5 + 0.5 * Math.sin(2 * Math.PI * phase)).toFixed(FRACTION_DECIMALS);
      return { price: at(window, s, pp) };
    }
    case 'min_hold': {
      const last = market.trades?.[0]?.timestamp;
      if (last !== undefined && last > input.now - (config.quietSec ?? 60) * 1000) return { wait: true };
      return { price: clampInside(window, floor(div(add(window.bid, window.ask), '2', { decimals: pp + 1, rounding: 'floor' }), pp)) };
    }
  }
}

/** lo + fraction × (hi − lo), floored to the tick. */
function at(window: RoundWindow, fraction: string, pp: number): string {
  return clampInside(window, floor(add(window.lo, mul(minus(window.hi, window.lo), fraction)), pp));
}

function clampInside(window: RoundWindow, price: string): string {
  return min(window.hi, max(window.lo, price));
}

/** The round's volume split into parts, each at least the venue's minimum at `price`; null when the volume is under it. */
export function splitVolume(volume: string, count: number, minimum: string, amountPrecision: number): string[] | null {
  if (compare(volume, minimum) < 0 || sign(volume) <= 0) return null;
  let n = count;
  while (n > 1 && compare(floor(div(volume, String(n), { decimals: amountPrecision, rounding: 'floor' }), amountPrecision), minimum) < 0) n--;
  const part = floor(div(volume, String(n), { decimals: amountPrecision, rounding: 'floor' }), amountPrecision);
  const parts = Array.from({ length: n - 1 }, () => part);
  parts.push(minus(volume, mul(part, String(n - 1))));
  return parts;
}

export function decideVolume(mode: VolumeMode, input: Input): TickOutput<VolumeState> {
  const { config, market, rng, orders } = input;
  const rules = market.rules;
  const others = externalBook(market.book, orders);
  const bid = bestBid(others);
  const ask = bestAsk(others);
  const reference = bid !== null && ask !== null ? div(add(bid, ask), '2', { decimals: rules.pricePrecision + 1, rounding: 'half-even' }) : null;
  let state = input.state;

  // A leg left over from the last round (a maker someone else took part of): cancelled, and the round waits for it.
  if (orders.length > 0) {
    return { intents: orders.filter((o) => o.state === 'open').map((o) => cancel(o.clientOrderId)), state, reference };
  }
  if (bid === null || ask === null) return skip(state, 'book', 'no two-sided book without the bot’s own orders; the round is skipped', reference);
  const tick = stepOf(rules.pricePrecision);
  const window: RoundWindow = { lo: add(bid, tick), hi: minus(ask, tick), bid, ask };
  if (compare(window.lo, window.hi) > 0) return skip(state, 'spread', `the spread ${bid}–${ask} has no price strictly inside it; the round is skipped`, reference);

  const choice = roundPrice(mode, input, window);
  if ('wait' in choice) return { intents: [], state, reference };
  if ('skip' in choice) return skip(state, choice.key, choice.skip, reference);
  const { price } = choice;
  if (choice.walk !== undefined) state = { ...state, walk: choice.walk };

  const volume = drawDecimal(rng, config.volumeMin, config.volumeMax, rules.amountPrecision);
  const count = rng.int(config.orderCountMin, config.orderCountMax);
  const parts = splitVolume(volume, count, venueMinimum(price, rules), rules.amountPrecision);
  if (parts === null) return skip(state, 'minimum', `the drawn volume ${volume} is under the venue's minimum at ${price}; the round is skipped`, reference);
  const largest = parts.reduce((a, b) => max(a, b));
  // A pair of legs locks one part at a time: its base (a sell maker) or its quote (a buy maker), plus the taker's fee.
  const quoteNeed = mul(mul(largest, price), add('1', max(rules.takerFee, rules.makerFee)));
  if (compare(market.balances.base.available, largest) < 0 || compare(market.balances.quote.available, quoteNeed) < 0) {
    return skip(state, 'funds', `not enough ${rules.base} or ${rules.quote} for a ${largest} ${rules.base} leg at ${price}; the round is skipped`, reference);
  }

  const intents: Intent[] = [];
  parts.forEach((amount, i) => {
    const makerSide: Side = drawSide(rng);
    const takerSide: Side = makerSide === 'buy' ? 'sell' : 'buy';
    intents.push(place({ tag: `${VOLUME_TAG}-${i + 1}-m`, side: makerSide, price, amount, timeInForce: 'GTC', selfTrade: true }));
    intents.push(place({ tag: `${VOLUME_TAG}-${i + 1}-t`, side: takerSide, price, amount, timeInForce: 'IOC', selfTrade: true }));
  });
  return { intents, state: { ...state, rounds: state.rounds + 1, warned: null }, reference };
}

function drawSide(rng: Rng): Side {
  return rng.int(0, 1) === 0 ? 'buy' : 'sell';
}

function skip(state: VolumeState, key: string, message: string, reference: string | null): TickOutput<VolumeState> {
  const { intents, state: next } = alertOnce(state, key, 'warn', message);
  return { intents, state: next, reference };
}

function volumeStrategy(type: RobotTypeKey, mode: VolumeMode): Strategy<VolumeConfig, VolumeState> {
  return {
    type,
    initialState: () => ({ rounds: 0, walk: '0.5', warned: null }),
    needs: () => ({ bookDepth: 5, references: [], trades: mode === 'min_hold' ? 1 : 0 }),
    decide: (input) => decideVolume(mode, input),
  };
}

export const volumeRandomStrategy = volumeStrategy('volume_random', 'random');
export const volumeNaturalStrategy = volumeStrategy('volume_natural', 'natural');
export const volumeRangeStrategy = volumeStrategy('volume_range', 'range');
export const volumeMidStrategy = volumeStrategy('volume_mid', 'mid');
export const volumeSineStrategy = volumeStrategy('volume_sine', 'sine');
export const volumeMinHoldStrategy = volumeStrategy('volume_min_hold', 'min_hold');
