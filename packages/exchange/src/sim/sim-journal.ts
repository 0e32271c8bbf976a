/**
 * The simulator's command journal (DESIGN §6): every change the venue accepts is one command,
 * recorded with the time it ran at. The venue is deterministic, so its last snapshot plus the
 * commands accepted since rebuild exactly the state it had; that is how it keeps, across a crash,
 * everything it acknowledged.
 *
 * A venue with a journal answers nothing before it is durable: a placement's or a cancel's reply,
 * a read of the state, an event. What a crash can lose was never shown to anybody.
 */
import type { PlaceOrderRequest } from '../exchange.ts';
import type { SimPairConfig } from './sim-pair-config.ts';
import { arr, bool, int, num, obj, oneOf, str } from './snapshot-codec.ts';

/** One accepted change. `t` is the venue time it ran at (whole ms), so replay gives the same timestamps. */
export type SimCommand =
  | { readonly k: 'open'; readonly t: number; readonly key: string }
  | { readonly k: 'deposit'; readonly t: number; readonly key: string; readonly asset: string; readonly amount: string }
  | { readonly k: 'place'; readonly t: number; readonly key: string; readonly req: PlaceOrderRequest }
  | { readonly k: 'cancel'; readonly t: number; readonly key: string; readonly sym: string; readonly no: string }
  | { readonly k: 'cancelMany'; readonly t: number; readonly key: string; readonly sym: string; readonly nos: readonly string[] }
  /** A cancel that succeeded and the placement that followed it in the same step (whatever became of the placement). */
  | { readonly k: 'cancelReplace'; readonly t: number; readonly key: string; readonly sym: string; readonly no: string; readonly req: PlaceOrderRequest }
  | { readonly k: 'step'; readonly t: number }
  /** A market opened while the venue runs (an operator's own pair), with the demo funds of its new assets. */
  | { readonly k: 'addPair'; readonly t: number; readonly pair: SimPairConfig; readonly funds: Readonly<Record<string, string>>; readonly days: number };

export type SimCommandKind = SimCommand['k'];

/** Where a venue writes its commands. */
export interface SimJournal {
  /**
   * Takes a command the venue has just applied, synchronously and in order, and resolves once it
   * (with every command before it) is durable. It rejects only when the command can never be made
   * durable (the journal is closing); the venue's state then holds a change nobody was told about.
   */
  append(command: SimCommand): Promise<void>;
}

export class SimJournalError extends Error {
  override readonly name = 'SimJournalError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(`Cannot replay the simulator's journal: ${message}`, options);
  }
}

const KINDS = ['open', 'deposit', 'place', 'cancel', 'cancelMany', 'cancelReplace', 'step', 'addPair'] as const satisfies readonly SimCommandKind[];
const SIDES = ['buy', 'sell'] as const;
const ORDER_TYPES = ['limit', 'market'] as const;
const TIMES_IN_FORCE = ['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const;

/**
 * A command as the journal stored it, checked field by field: a journal is input like any other.
 * Throws a SimJournalError naming the field it could not read.
 */
export function readCommand(value: unknown, path: string): SimCommand {
  try {
    const c = obj(value, path);
    const k = oneOf(c.k, `${path}.k`, KINDS);
    const t = int(c.t, `${path}.t`);
    switch (k) {
      case 'step':
        return { k, t };
      case 'open':
        return { k, t, key: str(c.key, `${path}.key`) };
      case 'deposit':
        return { k, t, key: str(c.key, `${path}.key`), asset: str(c.asset, `${path}.asset`), amount: str(c.amount, `${path}.amount`) };
      case 'place':
        return { k, t, key: str(c.key, `${path}.key`), req: readPlaceRequest(c.req, `${path}.req`) };
      case 'cancel':
        return { k, t, key: str(c.key, `${path}.key`), sym: str(c.sym, `${path}.sym`), no: str(c.no, `${path}.no`) };
      case 'cancelReplace':
        return {
          k,
          t,
          key: str(c.key, `${path}.key`),
          sym: str(c.sym, `${path}.sym`),
          no: str(c.no, `${path}.no`),
          req: readPlaceRequest(c.req, `${path}.req`),
        };
      case 'addPair':
        return { k, t, pair: readPairConfig(c.pair, `${path}.pair`), funds: readFunds(c.funds, `${path}.funds`), days: int(c.days, `${path}.days`) };
      case 'cancelMany':
        return {
          k,
          t,
          key: str(c.key, `${path}.key`),
          sym: str(c.sym, `${path}.sym`),
          nos: arr(c.nos, `${path}.nos`).map((no, i) => str(no, `${path}.nos[${i}]`)),
        };
    }
  } catch (err) {
    if (err instanceof SimJournalError) throw err;
    throw new SimJournalError((err as Error).message.replace(/^Cannot restore the simulator: /, ''), { cause: err });
  }
}

/** A pair configuration as a journal or snapshot kept it (SimPairConfig, field by field). */
export function readPairConfig(value: unknown, path: string): SimPairConfig {
  const p = obj(value, path);
  return {
    symbol: str(p.symbol, `${path}.symbol`),
    base: str(p.base, `${path}.base`),
    quote: str(p.quote, `${path}.quote`),
    pricePrecision: int(p.pricePrecision, `${path}.pricePrecision`),
    amountPrecision: int(p.amountPrecision, `${path}.amountPrecision`),
    baseDecimals: int(p.baseDecimals, `${path}.baseDecimals`),
    quoteDecimals: int(p.quoteDecimals, `${path}.quoteDecimals`),
    initialPrice: str(p.initialPrice, `${path}.initialPrice`),
    minAmount: str(p.minAmount, `${path}.minAmount`),
    minNotional: str(p.minNotional, `${path}.minNotional`),
    makerFeePpm: int(p.makerFeePpm, `${path}.makerFeePpm`),
    takerFeePpm: int(p.takerFeePpm, `${path}.takerFeePpm`),
    volatility: num(p.volatility, `${path}.volatility`),
  };
}

/** Asset → decimal string. */
export function readFunds(value: unknown, path: string): Record<string, string> {
  const f = obj(value, path);
  return Object.fromEntries(Object.entries(f).map(([asset, amount]) => [asset, str(amount, `${path}.${asset}`)]));
}

function readPlaceRequest(value: unknown, path: string): PlaceOrderRequest {
  const r = obj(value, path);
  const request: PlaceOrderRequest = {
    symbol: str(r.symbol, `${path}.symbol`),
    direction: oneOf(r.direction, `${path}.direction`, SIDES),
    tradeType: oneOf(r.tradeType, `${path}.tradeType`, ORDER_TYPES),
    amount: str(r.amount, `${path}.amount`),
    clientOrderId: str(r.clientOrderId, `${path}.clientOrderId`),
  };
  if (r.price !== undefined) request.price = str(r.price, `${path}.price`);
  if (r.timeInForce !== undefined) request.timeInForce = oneOf(r.timeInForce, `${path}.timeInForce`, TIMES_IN_FORCE);
  if (r.allowSelfTrade !== undefined) request.allowSelfTrade = bool(r.allowSelfTrade, `${path}.allowSelfTrade`);
  return request;
}

/** A place request with only the fields the venue reads, so the journal keeps nothing else a caller sent along. */
export function journalledRequest(request: PlaceOrderRequest): PlaceOrderRequest {
  const out: PlaceOrderRequest = {
    symbol: request.symbol,
    direction: request.direction,
    tradeType: request.tradeType,
    amount: request.amount,
    clientOrderId: request.clientOrderId,
  };
  if (request.price !== undefined) out.price = request.price;
  if (request.timeInForce !== undefined) out.timeInForce = request.timeInForce;
  // It decides how the order meets the account's own: a replay without it would trade differently.
  if (request.allowSelfTrade === true) out.allowSelfTrade = true;
  return out;
}
