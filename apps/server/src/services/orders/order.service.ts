import {
  ErrorCode,
  messageFor,
  OutcomeCode,
  PRICE_BAND_DEFAULT,
  type AddOrderRequest,
  type Coin,
  type Lang,
  type MyTradeDto,
  type OrderDto,
  type OrderSourceFilter,
} from '@makerdesk/contract';
import { makerDeskClientOrderId, MANUAL_SCOPE, type Balance, type CandleInterval, type Exchange, type ExchangeEvent, type Market, type MarketDataReader, type MyTrade, type Order, type Side } from '@makerdesk/exchange';
import { add, compare, mul } from '@makerdesk/decimal';
import { AppError } from '../../domain/app-error.ts';
import type { AdminRow } from '../../domain/account.ts';
import type { CoinService } from '../coin.service.ts';
import type { CredentialService } from '../credential.service.ts';
import type { ExchangeGateway } from '../../venues/exchange-gateway.ts';
import { toAppError, venueCall } from '../../domain/exchange-errors.ts';
import { BatchSplitError, splitBatch, type Distribution } from '@makerdesk/contract';
import { toOrderDto } from './order-mapper.ts';
import { guardPriceBand, ordersInRange } from './price-range.ts';
import { attributeFill, MANUAL_SOURCE, matchesSource, robotIdsOf, sourcesFor, StreamSources, type RobotSourceLookup } from './order-source.ts';
import { ORDER_LOOKUPS_PER_READ, resolveClientIds, type OrderOriginStore } from './order-origins.ts';

interface PairContext {
  coin: Coin;
  symbol: string;
  exchange: Exchange;
  /** The pair's public data: the simulator's straight from memory (ExchangeGateway.marketData). */
  publicData: MarketDataReader;
  platformCode: string;
  hosts: string[];
}

/** Manual orders carry their own scope, so bots (which use theirs) never touch them. */
export function manualClientOrderId(): string {
  return makerDeskClientOrderId(MANUAL_SCOPE);
}

function emptyBalance(asset: string): Balance {
  return { asset, available: '0', frozen: '0', total: '0' };
}

export interface BatchRequest {
  direction: Side;
  amount: string;
  count: number;
  minPrice: string;
  maxPrice: string;
  distribution: Distribution;
  confirmDeviation?: boolean | undefined;
}

/** Every /order call: the pair gate, the caller's own key for that pair, then the venue. */
export class OrderService {
  constructor(
    private readonly coins: CoinService,
    private readonly credentials: CredentialService,
    private readonly gateway: ExchangeGateway,
    private readonly robots: RobotSourceLookup,
    private readonly origins: OrderOriginStore,
    private readonly log?: { warn(obj: unknown, msg?: string): void },
  ) {}

  /**
   * Notes a console order's client order id under its venue number, so its fills are told the
   * console's without reading the venue's order history. Best effort: an order not noted is read
   * from the venue once, when a fill of it is first listed.
   */
  private async noteConsoleOrders(coinId: number, orders: Order[]): Promise<void> {
    try {
      await this.origins.remember(coinId, orders.map((o) => ({ orderNo: o.orderNo, clientOrderId: o.clientOrderId })));
    } catch (err) {
      this.log?.warn({ err, coinId }, 'orders: a console order was not noted; its fills are looked up later');
    }
  }

  /** The orders as the API answers them, each with its source (the bots they name read in one query). */
  private async dtos(admin: AdminRow, lang: Lang, orders: Order[]): Promise<OrderDto[]> {
    const source = await sourcesFor(this.robots, admin, lang, orders.map((o) => o.clientOrderId));
    return orders.map((o) => toOrderDto(o, source(o.clientOrderId)));
  }

  private async dto(admin: AdminRow, lang: Lang, order: Order): Promise<OrderDto> {
    return (await this.dtos(admin, lang, [order]))[0]!;
  }

  private async context(admin: AdminRow, coinId: number): Promise<PairContext> {
    const coin = await this.coins.requireUsablePair(admin, coinId);
    const material = await this.credentials.materialFor(admin, coinId);
    if (!material) throw new AppError(ErrorCode.CREDENTIAL_NOT_FOUND);
    const session = await venueCall(() => this.gateway.session(material));
    return { coin, symbol: coin.coinName, exchange: session.exchange, publicData: this.gateway.marketData(session), platformCode: material.platformCode, hosts: material.hosts };
  }

  private async market(ctx: PairContext): Promise<Market> {
    const markets = await venueCall(() => ctx.exchange.loadMarkets());
    const market = markets.find((m) => m.symbol === ctx.symbol);
    if (!market) throw new AppError(ErrorCode.PAIR_NOT_LISTED_ON_VENUE);
    return market;
  }

  async openOrders(admin: AdminRow, coinId: number, lang: Lang, filter: OrderSourceFilter = {}): Promise<OrderDto[]> {
    const ctx = await this.context(admin, coinId);
    const orders = await this.dtos(admin, lang, await venueCall(() => ctx.exchange.fetchOpenOrders(ctx.symbol)));
    return orders.filter((o) => matchesSource(o.source, filter));
  }

  async historyOrders(admin: AdminRow, coinId: number, lang: Lang, filter: OrderSourceFilter = {}): Promise<OrderDto[]> {
    const ctx = await this.context(admin, coinId);
    const orders = await this.dtos(admin, lang, await venueCall(() => ctx.exchange.fetchClosedOrders(ctx.symbol, { limit: 200 })));
    return orders.filter((o) => matchesSource(o.source, filter));
  }

  /** The fat-finger band (1030080 unless confirmed), measured on the venue's ticker now. */
  private async guardBand(ctx: PairContext, req: { direction: Side; price: string; amount: string; confirmDeviation?: boolean | undefined }): Promise<void> {
    if (req.confirmDeviation === true) return;
    const [market, ticker] = await Promise.all([this.market(ctx), venueCall(() => ctx.publicData.fetchTicker(ctx.symbol))]);
    guardPriceBand({ ...req, band: ctx.coin.priceBand ?? PRICE_BAND_DEFAULT, ticker, market, confirmed: req.confirmDeviation });
  }

  async add(admin: AdminRow, req: AddOrderRequest): Promise<OrderDto> {
    const ctx = await this.context(admin, req.coinId);
    if (req.tradeType === 'limit' && req.price !== undefined) await this.guardBand(ctx, { direction: req.direction, price: req.price, amount: req.amount, confirmDeviation: req.confirmDeviation });
    const order = await venueCall(() =>
      ctx.exchange.placeOrder({
        symbol: ctx.symbol,
        direction: req.direction,
        tradeType: req.tradeType,
        ...(req.price !== undefined && req.tradeType === 'limit' ? { price: req.price } : {}),
        amount: req.amount,
        clientOrderId: manualClientOrderId(),
      }),
    );
    await this.noteConsoleOrders(ctx.coin.coinId, [order]);
    return toOrderDto(order, MANUAL_SOURCE);
  }

  async cancel(admin: AdminRow, coinId: number, orderNo: string, lang: Lang): Promise<OrderDto> {
    const ctx = await this.context(admin, coinId);
    return this.dto(admin, lang, await venueCall(() => ctx.exchange.cancelOrder(ctx.symbol, orderNo)));
  }

  /** Manual match: immediate-or-cancel at a limit price; self-trade prevention stays on. */
  async performTrade(admin: AdminRow, coinId: number, req: { direction: Side; price: string; amount: string; confirmDeviation?: boolean | undefined }): Promise<OrderDto> {
    const ctx = await this.context(admin, coinId);
    await this.guardBand(ctx, req);
    const order = await venueCall(() =>
      ctx.exchange.placeOrder({
        symbol: ctx.symbol,
        direction: req.direction,
        tradeType: 'limit',
        timeInForce: 'IOC',
        price: req.price,
        amount: req.amount,
        clientOrderId: manualClientOrderId(),
      }),
    );
    await this.noteConsoleOrders(ctx.coin.coinId, [order]);
    return toOrderDto(order, MANUAL_SOURCE);
  }

  /**
   * The caller's fills, each with the source of its order (`attributeFill`). A fill names its order by
   * number only: the bots' journal and the console's noted orders know most; an order neither knows is
   * read from the venue once (bounded per answer) and remembered. The venue's order history (open and
   * closed orders, Binance's allOrders at weight 20) is never read for it. An order still unknown is `other`.
   */
  async myTrades(admin: AdminRow, coinId: number, limit: number, lang: Lang, filter: OrderSourceFilter = {}): Promise<MyTradeDto[]> {
    const ctx = await this.context(admin, coinId);
    const trades = await venueCall(() => ctx.exchange.fetchMyTrades(ctx.symbol, { limit }));
    if (trades.length === 0) return [];
    const { clientIds } = await resolveClientIds(this.origins, { exchange: ctx.exchange, symbol: ctx.symbol, coinId: ctx.coin.coinId }, trades.map((t) => t.orderNo), ORDER_LOOKUPS_PER_READ, this.log);
    const robotIds = robotIdsOf(clientIds.values());
    const robots = new Map((robotIds.length === 0 ? [] : await this.robots.sourcesOf(robotIds)).map((r) => [r.id, r]));
    return trades
      .map(({ symbol: _s, ...t }: MyTrade) => ({ ...t, source: attributeFill({ ledger: 'venue', clientOrderId: clientIds.get(t.orderNo) }, robots, admin, lang) }))
      .filter((t) => matchesSource(t.source, filter));
  }

  async publicTrades(admin: AdminRow, coinId: number, limit: number) {
    const ctx = await this.context(admin, coinId);
    return (await venueCall(() => ctx.publicData.fetchTrades(ctx.symbol, limit))).map(({ symbol: _s, ...t }) => t);
  }

  async wallet(admin: AdminRow, coinId: number) {
    const ctx = await this.context(admin, coinId);
    const market = await this.market(ctx);
    const balances = await venueCall(() => ctx.exchange.fetchBalances());
    const find = (asset: string) => balances.find((b) => b.asset === asset) ?? emptyBalance(asset);
    return { base: find(market.base), quote: find(market.quote), balances };
  }

  async candles(admin: AdminRow, coinId: number, interval: CandleInterval, limit: number) {
    const ctx = await this.context(admin, coinId);
    return venueCall(() => ctx.publicData.fetchCandles(ctx.symbol, interval, { limit }));
  }

  async orderBook(admin: AdminRow, coinId: number, depth = 20) {
    const ctx = await this.context(admin, coinId);
    return venueCall(() => ctx.publicData.fetchOrderBook(ctx.symbol, depth));
  }

  async otherSideBook(admin: AdminRow, coinId: number, depth = 20) {
    const ctx = await this.context(admin, coinId);
    return venueCall(() => this.gateway.referenceBook(ctx.symbol, depth));
  }

  async price(admin: AdminRow, coinId: number) {
    const ctx = await this.context(admin, coinId);
    const ticker = await venueCall(() => ctx.publicData.fetchTicker(ctx.symbol));
    const minAmount = await this.market(ctx).then(
      (m) => m.minAmount,
      () => null,
    );
    return { symbol: ctx.symbol, last: ticker.last, bid: ticker.bid, ask: ticker.ask, reference: await this.gateway.referencePrice(ctx.symbol), minAmount };
  }

  /** Batch orders: split, check the whole batch against the balance first, then place one by one. */
  async generate(admin: AdminRow, coinId: number, req: BatchRequest) {
    const ctx = await this.context(admin, coinId);
    const market = await this.market(ctx);
    let plan;
    try {
      plan = splitBatch({ ...req, pricePrecision: market.pricePrecision, amountPrecision: market.amountPrecision });
    } catch (err) {
      if (err instanceof BatchSplitError) {
        throw err.reason === 'too_small' ? new AppError(ErrorCode.SPLIT_ORDER_TOO_SMALL, { min: err.min }) : new AppError(ErrorCode.INVALID_PRICE_RANGE);
      }
      throw err;
    }
    // The band: the batch's farthest price through the book, valued as the whole batch.
    if (req.confirmDeviation !== true && plan.length > 0) {
      const farthest = plan.reduce((far, o) => ((req.direction === 'buy' ? compare(o.price, far) > 0 : compare(o.price, far) < 0) ? o.price : far), plan[0]!.price);
      const quantity = plan.reduce((sum, o) => add(sum, o.amount), '0');
      const notional = plan.reduce((sum, o) => add(sum, mul(o.price, o.amount)), '0');
      const ticker = await venueCall(() => ctx.publicData.fetchTicker(ctx.symbol));
      guardPriceBand({ direction: req.direction, price: farthest, amount: quantity, notional, band: ctx.coin.priceBand ?? PRICE_BAND_DEFAULT, ticker, market, confirmed: false });
    }
    const balances = await venueCall(() => ctx.exchange.fetchBalances());
    const available = (asset: string) => balances.find((b) => b.asset === asset)?.available ?? '0';
    if (req.direction === 'buy') {
      const cost = plan.reduce((sum, o) => add(sum, mul(o.price, o.amount)), '0');
      if (compare(cost, available(market.quote)) > 0) throw new AppError(ErrorCode.BUY_EXCEEDS_BALANCE);
    } else {
      const quantity = plan.reduce((sum, o) => add(sum, o.amount), '0');
      if (compare(quantity, available(market.base)) > 0) throw new AppError(ErrorCode.SELL_EXCEEDS_BALANCE);
    }
    const orders: OrderDto[] = [];
    const placed: Order[] = [];
    const failed: { price: string; amount: string; msg: string }[] = [];
    for (const item of plan) {
      try {
        const order = await ctx.exchange.placeOrder({
          symbol: ctx.symbol,
          direction: req.direction,
          tradeType: 'limit',
          price: item.price,
          amount: item.amount,
          clientOrderId: manualClientOrderId(),
        });
        placed.push(order);
        orders.push(toOrderDto(order, MANUAL_SOURCE));
      } catch (err) {
        failed.push({ ...item, msg: err instanceof Error ? err.message : String(err) });
      }
    }
    await this.noteConsoleOrders(ctx.coin.coinId, placed);
    return { orders, failed };
  }

  /** Bulk cancel by price range; an empty range asks the user to revise it. */
  async cancelRange(admin: AdminRow, coinId: number, lang: Lang, minPrice: string, maxPrice: string, direction?: Side) {
    const ctx = await this.context(admin, coinId);
    const open = await venueCall(() => ctx.exchange.fetchOpenOrders(ctx.symbol));
    const targets = ordersInRange(open, minPrice, maxPrice, direction);
    if (targets.length === 0) throw new AppError(ErrorCode.NO_ORDERS_IN_PRICE_RANGE);
    const canceled = await venueCall(() => ctx.exchange.cancelOrders(ctx.symbol, targets.map((o) => o.orderNo)));
    return { canceled: await this.dtos(admin, lang, canceled) };
  }

  /** Live updates of the pair for the caller's key: book, trades, own orders and balances. */
  async subscribe(admin: AdminRow, coinId: number, listener: (event: ExchangeEvent) => void): Promise<() => void> {
    const ctx = await this.context(admin, coinId);
    return ctx.exchange.subscribe(ctx.symbol, listener);
  }

  /**
   * Orders of a live stream as the API answers them, with their source; the bots they name are read
   * once per stream. Answers in the order the orders came, even when a bot had to be read first.
   */
  liveOrders(admin: AdminRow, lang: Lang): (order: Order) => Promise<OrderDto> {
    const sources = new StreamSources(this.robots, admin, lang);
    let last: Promise<unknown> = Promise.resolve();
    return (order) => {
      const next = last.then(async () => toOrderDto(order, await sources.of(order.clientOrderId)));
      last = next.catch(() => undefined);
      return next;
    };
  }

  /** Checks a key against its venue: can it read balances; is an IP bound. Says what it found in `lang`. */
  async verify(admin: AdminRow, coinId: number, lang: Lang) {
    const ctx = await this.context(admin, coinId);
    try {
      const balances = await ctx.exchange.fetchBalances();
      const canTrade = ctx.exchange.fetchPermissions ? (await ctx.exchange.fetchPermissions()).canTrade : null;
      return {
        valid: true,
        platformCode: ctx.platformCode,
        canRead: true,
        canTrade,
        hostsBound: ctx.hosts.length > 0,
        balances,
        message: messageFor(ctx.hosts.length > 0 ? OutcomeCode.API_KEY_VERIFIED : OutcomeCode.API_KEY_VERIFIED_UNBOUND, lang),
      };
    } catch (err) {
      // The venue's refusal as the catalogue words it; anything else says no more than that it failed.
      const refusal = toAppError(err);
      const { code, params } = refusal instanceof AppError ? refusal : { code: ErrorCode.INTERNAL_ERROR, params: {} };
      return {
        valid: false,
        platformCode: ctx.platformCode,
        canRead: false,
        canTrade: false,
        hostsBound: ctx.hosts.length > 0,
        balances: [],
        message: messageFor(code, lang, params),
      };
    }
  }
}
