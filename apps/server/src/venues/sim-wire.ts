/**
 * The servers' internal simulator API, pure parts: which operations cross, how a request
 * is signed, and how an error crosses so the caller rethrows what the holder's venue threw.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  EXCHANGE_ERROR_KINDS,
  ExchangeError,
  SimConfigError,
  type CancelReplacePart,
  type CancelReplaceResult,
  type ExchangeErrorKind,
  type Order,
  type SimVenueApi,
} from '@makerdesk/exchange';

/** Outside /backend: servers call it, browsers never do; left out of the OpenAPI document. */
export const SIM_CALL_PATH = '/internal/sim/call';
export const SIGNATURE_HEADER = 'x-makerdesk-signature';
export const TIMESTAMP_HEADER = 'x-makerdesk-timestamp';
/** 16 random bytes in hex, new for every request (a retry included): the holder answers each nonce once. */
export const NONCE_HEADER = 'x-makerdesk-nonce';
/** How far a request's timestamp may be from the holder's clock. */
export const CLOCK_SKEW_MS = 30_000;

/** Operations on one account (the key's `Exchange`). */
export const ACCOUNT_OPS = [
  'fetchBalances',
  'fetchOpenOrders',
  'fetchClosedOrders',
  'fetchOrder',
  'fetchOrderByClientId',
  'fetchMyTrades',
  'placeOrder',
  'cancelOrder',
  'cancelOrders',
] as const;
/** Public market data (the venue's MarketDataReader). */
export const MARKET_OPS = ['loadMarkets', 'fetchOrderBook', 'fetchTrades', 'fetchCandles', 'fetchTicker'] as const;
/** The venue itself. */
export const VENUE_OPS = ['markets', 'pairs', 'addPair', 'hasAccount', 'openAccount', 'orderByClientId', 'cancelReplace', 'referenceBook', 'referencePrice'] as const;

export type AccountOp = (typeof ACCOUNT_OPS)[number];
export type MarketOp = (typeof MARKET_OPS)[number];
export type VenueOp = (typeof VENUE_OPS)[number];
export type SimOp = AccountOp | MarketOp | VenueOp;

/** Reads and idempotent calls: safe to send again to a new holder after a lost answer. */
export const RETRYABLE_OPS: ReadonlySet<SimOp> = new Set<SimOp>([
  ...MARKET_OPS,
  'fetchBalances',
  'fetchOpenOrders',
  'fetchClosedOrders',
  'fetchOrder',
  'fetchOrderByClientId',
  'fetchMyTrades',
  'markets',
  'pairs',
  'hasAccount',
  'openAccount',
  'orderByClientId',
  'referenceBook',
  'referencePrice',
]);

export interface SimCall {
  op: SimOp;
  /** The account, for account operations and the venue's per-account ones. */
  apiKey?: string;
  /** Positional arguments; null stands for an argument left out. */
  args: unknown[];
}

export interface WireError {
  /** An ExchangeErrorKind, or 'sim_config' (SimConfigError), or 'internal'. */
  kind: string;
  message: string;
  params: Record<string, string | number>;
}

export type SimReply = { ok: true; value?: unknown } | { ok: false; error: WireError };

const ALL_OPS: ReadonlySet<string> = new Set<string>([...ACCOUNT_OPS, ...MARKET_OPS, ...VENUE_OPS]);
const EXCHANGE_KINDS: ReadonlySet<string> = new Set<string>(EXCHANGE_ERROR_KINDS);

export interface CallSignature {
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
}

export function signCall(key: Buffer, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', key).update(`POST ${SIM_CALL_PATH}\n${timestamp}\n${nonce}\n${body}`).digest('hex');
}

/** The headers of a signed call sent at `now`, with a fresh nonce unless one is given (tests). */
export function signedHeaders(key: Buffer, body: string, now: number, nonce = randomBytes(16).toString('hex')): Record<string, string> {
  const timestamp = String(now);
  return { [TIMESTAMP_HEADER]: timestamp, [NONCE_HEADER]: nonce, [SIGNATURE_HEADER]: signCall(key, timestamp, nonce, body) };
}

/** True when the signature signs `body` at its timestamp and nonce with `key`, and the timestamp is within the skew of `now`. */
export function verifyCall(key: Buffer, { timestamp, nonce, signature }: CallSignature, body: string, now: number): boolean {
  if (!timestamp || !nonce || !signature) return false;
  if (!/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{32}$/.test(nonce) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(Number(timestamp) - now) > CLOCK_SKEW_MS) return false;
  return timingSafeEqual(Buffer.from(signCall(key, timestamp, nonce, body), 'hex'), Buffer.from(signature, 'hex'));
}

/**
 * The nonces of the calls a holder has answered, each kept until its timestamp leaves the skew window
 * (after that the timestamp alone refuses it): a call captured on the way cannot be sent again.
 * Kept in arrival order; a nonce is dropped once it and every older one have expired, so what is kept
 * is at most the calls of the last two windows. Past `max` kept nonces new calls are refused rather
 * than forgetting one early.
 */
export class SeenNonces {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly max = 1_000_000) {}

  get size(): number {
    return this.expiries.size;
  }

  /** 'first' records the nonce until `expiresAt`; 'replayed' when it is kept already; 'full' past the bound. */
  use(nonce: string, expiresAt: number, now: number): 'first' | 'replayed' | 'full' {
    for (const [kept, until] of this.expiries) {
      if (until >= now) break;
      this.expiries.delete(kept);
    }
    if (this.expiries.has(nonce)) return 'replayed';
    if (this.expiries.size >= this.max) return 'full';
    this.expiries.set(nonce, expiresAt);
    return 'first';
  }
}

/** Reads a request body; undefined when it is not a call this API serves. */
export function readCall(body: unknown): SimCall | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { op, apiKey, args } = body as Record<string, unknown>;
  if (typeof op !== 'string' || !ALL_OPS.has(op) || !Array.isArray(args) || args.length > 4) return undefined;
  if (apiKey !== undefined && (typeof apiKey !== 'string' || apiKey.length === 0 || apiKey.length > 256)) return undefined;
  if ((ACCOUNT_OPS as readonly string[]).includes(op) && apiKey === undefined) return undefined;
  return { op: op as SimOp, ...(apiKey !== undefined ? { apiKey } : {}), args };
}

export function encodeError(err: unknown): WireError {
  if (err instanceof ExchangeError) return { kind: err.kind, message: err.message, params: { ...err.params } };
  if (err instanceof SimConfigError) return { kind: 'sim_config', message: err.message, params: {} };
  return { kind: 'internal', message: err instanceof Error ? err.message : String(err), params: {} };
}

/**
 * The error the holder's venue threw, rebuilt: an ExchangeError of the same kind, a SimConfigError,
 * or, for anything else, an ExchangeError('venue_error'), which the engine reads as a lost answer
 * (never a refusal) and resolves by client order id.
 */
export function decodeError(error: WireError): Error {
  const params = Object.fromEntries(Object.entries(error.params ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number'));
  if (EXCHANGE_KINDS.has(error.kind)) return new ExchangeError(error.kind as ExchangeErrorKind, String(error.message), params);
  if (error.kind === 'sim_config') return new SimConfigError(String(error.message));
  return new ExchangeError('venue_error', `The simulator failed: ${String(error.message)}`, params);
}

/** A cancel-replace result as it crosses: each part's refusal as a WireError. */
export interface WireCancelReplace {
  canceled: WirePart;
  placed: WirePart | null;
}

type WirePart = { ok: true; order: Order } | { ok: false; error: WireError };

export function encodeCancelReplace(result: CancelReplaceResult): WireCancelReplace {
  const part = (p: CancelReplacePart): WirePart => (p.ok ? p : { ok: false, error: encodeError(p.error) });
  return { canceled: part(result.canceled), placed: result.placed === null ? null : part(result.placed) };
}

/** The holder's cancel-replace result, each refusal an ExchangeError again (one the holder could not name: venue_error). */
export function decodeCancelReplace(wire: WireCancelReplace): CancelReplaceResult {
  const part = (p: WirePart): CancelReplacePart => {
    if (p.ok) return p;
    const error = decodeError(p.error);
    return { ok: false, error: error instanceof ExchangeError ? error : new ExchangeError('venue_error', error.message) };
  };
  return { canceled: part(wire.canceled), placed: wire.placed === null ? null : part(wire.placed) };
}

/** JSON has no `undefined`: an argument left out travels as null and is left out again here. */
function arg(args: unknown[], i: number): never {
  const value = args[i];
  return (value === null ? undefined : value) as never;
}

/** Runs one call on the holder's venue. Throws what the venue throws. */
export async function runCall(venue: SimVenueApi, call: SimCall): Promise<unknown> {
  const { op, args } = call;
  const apiKey = call.apiKey ?? '';
  const a = (i: number) => arg(args, i);
  switch (op) {
    case 'fetchBalances':
      return venue.account(apiKey).fetchBalances();
    case 'fetchOpenOrders':
      return venue.account(apiKey).fetchOpenOrders(a(0));
    case 'fetchClosedOrders':
      return venue.account(apiKey).fetchClosedOrders(a(0), a(1));
    case 'fetchOrder':
      return venue.account(apiKey).fetchOrder(a(0), a(1));
    case 'fetchOrderByClientId':
      return venue.account(apiKey).fetchOrderByClientId(a(0), a(1));
    case 'fetchMyTrades':
      return venue.account(apiKey).fetchMyTrades(a(0), a(1));
    case 'placeOrder':
      // Only the simulator ever runs here: allowSelfTrade (DESIGN §8) goes no further than this venue.
      return venue.account(apiKey).placeOrder(a(0));
    case 'cancelOrder':
      return venue.account(apiKey).cancelOrder(a(0), a(1));
    case 'cancelOrders':
      return venue.account(apiKey).cancelOrders(a(0), a(1));
    case 'loadMarkets':
      return venue.marketData().loadMarkets();
    case 'fetchOrderBook':
      return venue.marketData().fetchOrderBook(a(0), a(1));
    case 'fetchTrades':
      return venue.marketData().fetchTrades(a(0), a(1));
    case 'fetchCandles':
      return venue.marketData().fetchCandles(a(0), a(1), a(2));
    case 'fetchTicker':
      return venue.marketData().fetchTicker(a(0));
    case 'markets':
      return venue.markets();
    case 'pairs':
      return venue.pairs;
    case 'addPair':
      return venue.addPair(a(0), a(1));
    case 'hasAccount':
      return venue.hasAccount(apiKey);
    case 'openAccount':
      return venue.openAccount(apiKey);
    case 'orderByClientId':
      return venue.orderByClientId(apiKey, a(0), a(1));
    case 'cancelReplace':
      return encodeCancelReplace(await venue.cancelReplace(apiKey, a(0), a(1), a(2), a(3)));
    case 'referenceBook':
      return venue.referenceBook(a(0), a(1));
    case 'referencePrice':
      return venue.referencePrice(a(0));
  }
}
