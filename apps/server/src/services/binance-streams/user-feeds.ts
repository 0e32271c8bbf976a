/**
 * The simulator's accounts as Binance's user data streams: one feed per API key, opened by the
 * first subscriber and shared by every socket of that key until the last leaves. A feed follows the
 * account's orders and balances in every market and turns them into `executionReport` and
 * `outboundAccountPosition`; each subscriber only hears the markets its key may touch.
 */
import { AccountPositions, ExecutionReports, type ExecutionReportEvent } from '@makerdesk/exchange/binance-facade';
import type { Exchange, ExchangeEvent, Order } from '@makerdesk/exchange';
import { sign } from '@makerdesk/decimal';

export interface AccountSource {
  /** Unified symbols of the venue's markets. */
  symbols(): string[];
  account(apiKey: string): Exchange;
  subscribe(apiKey: string, symbol: string, listener: (event: ExchangeEvent) => void): () => void;
}

/** What a subscriber hears: an event, and the market it is about (none: the whole account). */
export type UserListener = (event: unknown, symbol: string | undefined) => void;

/** How many of the account's recent trades are read for an order's fills. */
const FILLS_WINDOW = 1000;

class UserFeed {
  private readonly listeners = new Set<UserListener>();
  private readonly stops: (() => void)[] = [];
  private reports: ExecutionReports;
  private positions = new AccountPositions();
  /** Updates are turned into events one at a time, in the order they came. */
  private queue: Promise<void> = Promise.resolve();
  readonly ready: Promise<void>;

  constructor(
    private readonly source: AccountSource,
    private readonly apiKey: string,
    private readonly now: () => number,
    private readonly onError: (err: unknown) => void,
  ) {
    this.reports = new ExecutionReports(now());
    const account = source.account(apiKey);
    for (const symbol of source.symbols()) this.stops.push(source.subscribe(apiKey, symbol, (event) => this.inTurn(() => this.onEvent(account, event))));
    this.ready = account.fetchBalances().then((balances) => {
      this.positions = new AccountPositions(balances);
    });
    this.ready.catch(onError);
  }

  get empty(): boolean {
    return this.listeners.size === 0;
  }

  add(listener: UserListener): void {
    this.listeners.add(listener);
  }

  remove(listener: UserListener): void {
    this.listeners.delete(listener);
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private inTurn(step: () => Promise<void>): void {
    this.queue = this.queue.then(() => this.ready).then(step).catch(this.onError);
  }

  private emit(event: unknown, symbol: string | undefined): void {
    for (const listener of [...this.listeners]) listener(event, symbol);
  }

  private async onEvent(account: Exchange, event: ExchangeEvent): Promise<void> {
    if (event.type === 'order') {
      for (const report of await this.reportsOf(account, event.order)) this.emit(report, event.symbol);
    } else if (event.type === 'balances') {
      const position = this.positions.update(event.balances, this.now());
      if (position !== undefined) this.emit(position, undefined);
    }
  }

  private async reportsOf(account: Exchange, order: Order): Promise<ExecutionReportEvent[]> {
    const fills = sign(order.filledAmount) <= 0 ? [] : (await account.fetchMyTrades(order.symbol, { limit: FILLS_WINDOW })).filter((t) => t.orderNo === order.orderNo);
    return this.reports.update(order, fills, this.now());
  }
}

export class UserFeeds {
  private readonly feeds = new Map<string, UserFeed>();

  constructor(
    private readonly source: AccountSource,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Streams the account of `apiKey` to `listener` from now on; resolves once the feed has its starting balances. */
  async add(apiKey: string, listener: UserListener): Promise<void> {
    let feed = this.feeds.get(apiKey);
    if (feed === undefined) {
      feed = new UserFeed(this.source, apiKey, this.now, this.onError);
      this.feeds.set(apiKey, feed);
    }
    feed.add(listener);
    try {
      await feed.ready;
    } catch (err) {
      this.remove(apiKey, listener);
      throw err;
    }
  }

  remove(apiKey: string, listener: UserListener): void {
    const feed = this.feeds.get(apiKey);
    if (feed === undefined) return;
    feed.remove(listener);
    if (feed.empty) {
      feed.stop();
      this.feeds.delete(apiKey);
    }
  }

  /** Keys followed now. */
  get keys(): number {
    return this.feeds.size;
  }

  close(): void {
    for (const feed of this.feeds.values()) feed.stop();
    this.feeds.clear();
  }
}
