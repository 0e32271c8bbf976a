import type { Exchange, VenueUsage } from '@makerdesk/exchange';
import { ExchangeError } from '@makerdesk/exchange';
import { OrderLimiter, RequestWeightLimiter, requestWeight, type BinanceLimits } from '@makerdesk/exchange/binance-facade';
import { usageFromHeaders } from '@makerdesk/exchange/ccxt';
import { interceptExchange, type VenueCall } from '../runtime/intercept-exchange.ts';

/**
 * The in-process simulator behind Binance spot's REST limits, on the harness's clock: each call is
 * charged the weight of the Binance endpoint ccxt's `binance` sends for it (the facade's own weight
 * table and limiters, `binance-facade/limits.ts`), refused past a limit as the venue refuses it (a
 * 'rate_limited' error with its Retry-After), and its answer reports the use the way ccxt reads
 * Binance's headers (`usageFromHeaders`: the used weight on every answer, the order counts on order
 * answers). What lets an engine test run a fleet against Binance's limits for minutes of fake time,
 * where the HTTP path (venue-limits.live.test.ts) can afford one minute of real time.
 *
 * Every key wrapped by one instance shares one IP (one server process); order counts are per key.
 */
export class BinanceLimitedVenues {
  /** Every refusal the venue answered: `429 -1003`, `418 -1003` or `429 -1015`, with the call. */
  readonly refusals: string[] = [];
  /** Answered requests by weight charged, and the highest use reported in any window. */
  readonly highest = { weight1m: 0, orders10s: 0 };
  answered = 0;
  private readonly weight: RequestWeightLimiter;
  private readonly orders: OrderLimiter;
  private readonly usage = new Map<string, VenueUsage | null>();

  constructor(
    private readonly limits: BinanceLimits,
    private readonly now: () => number,
    /** Whether answers report the use (Binance's headers); false plays a venue the engine cannot read. */
    private readonly reportsUsage = true,
  ) {
    this.weight = new RequestWeightLimiter(() => limits.weightPerMinute);
    this.orders = new OrderLimiter(() => limits);
  }

  /** `exchange` (the key `apiKey`'s account) behind the limits. Cancels go one by one, as on Binance. */
  wrap(exchange: Exchange, apiKey: string): Exchange {
    const wrapped = interceptExchange(
      exchange,
      async (method, send, args) => {
        const weights = callWeights(method, args);
        const charged = this.charge(method, apiKey, weights);
        if (charged !== null) throw charged;
        return send();
      },
      { batchCancel: false },
    );
    if (!this.reportsUsage) return wrapped;
    return Object.assign(wrapped, { venueUsage: () => this.usage.get(apiKey) ?? null });
  }

  /** Charges one call (several requests for a batch of cancels); the refusal to throw, or null. */
  private charge(method: VenueCall, apiKey: string, weights: number[]): ExchangeError | null {
    const now = this.now();
    for (const weight of weights) {
      const verdict = this.weight.charge(IP, weight, now);
      if (!verdict.ok) return this.refuse(apiKey, `${verdict.status} ${verdict.code} ${method}`, verdict.retryAfterSeconds, now, false);
      if (method === 'placeOrder') {
        const order = this.orders.check(apiKey, now);
        if (!order.ok) return this.refuse(apiKey, `${order.status} ${order.code} ${method}`, order.retryAfterSeconds, now, true);
        this.orders.record(apiKey, now);
      }
      this.answered += 1;
      this.report(apiKey, now, method === 'placeOrder');
    }
    return null;
  }

  private refuse(apiKey: string, what: string, retryAfterSeconds: number, now: number, orderAnswer: boolean): ExchangeError {
    this.refusals.push(what);
    this.report(apiKey, now, orderAnswer);
    return new ExchangeError('rate_limited', `Binance refused: ${what}`, { retryAfterMs: retryAfterSeconds * 1000 });
  }

  /** What the answer's headers say, read as ccxt's `binance` reads them. */
  private report(apiKey: string, now: number, orderAnswer: boolean): void {
    const used = this.weight.used(IP, now);
    const counts = this.orders.headers(apiKey, now);
    this.highest.weight1m = Math.max(this.highest.weight1m, used);
    this.highest.orders10s = Math.max(this.highest.orders10s, Number(counts['x-mbx-order-count-10s']));
    const headers: Record<string, string> = { 'x-mbx-used-weight-1m': String(used), ...(orderAnswer ? counts : {}) };
    const limits = { weight1m: this.limits.weightPerMinute || null, orders10s: this.limits.ordersPer10s || null, orders1d: this.limits.ordersPerDay || null };
    this.usage.set(apiKey, usageFromHeaders('binance', headers, limits, this.usage.get(apiKey) ?? null, now));
  }
}

const IP = '127.0.0.1';

/** The Binance requests ccxt's `binance` sends for one Exchange call, as their weights (rest-api.md). */
function callWeights(method: VenueCall, args: readonly unknown[]): number[] {
  const weigh = (verb: string, path: string, params: Record<string, string> = {}) => requestWeight(verb, path, (name) => params[name], 'api');
  switch (method) {
    case 'loadMarkets':
      return [weigh('GET', 'exchangeInfo')];
    case 'fetchOrderBook':
      return [weigh('GET', 'depth', { limit: String(args[1] ?? 100) })];
    case 'fetchTrades':
      return [weigh('GET', 'trades')];
    case 'fetchCandles':
      return [weigh('GET', 'klines')];
    case 'fetchTicker':
      return [weigh('GET', 'ticker/24hr', { symbol: String(args[0]) })];
    case 'fetchBalances':
    case 'fetchPermissions':
      return [weigh('GET', 'account')];
    case 'fetchOpenOrders':
      return [weigh('GET', 'openOrders', { symbol: String(args[0]) })];
    case 'fetchClosedOrders':
      return [weigh('GET', 'allOrders')];
    case 'fetchOrder':
    case 'fetchOrderByClientId':
      return [weigh('GET', 'order')];
    case 'fetchMyTrades':
      return [weigh('GET', 'myTrades')];
    case 'placeOrder':
      return [weigh('POST', 'order')];
    case 'cancelOrder':
      return [weigh('DELETE', 'order')];
    case 'cancelOrders':
      return (args[1] as string[]).map(() => weigh('DELETE', 'order'));
  }
}
