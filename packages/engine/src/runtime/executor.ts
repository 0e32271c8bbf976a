import { text, type ServerText } from '@makerdesk/contract';
import { compare } from '@makerdesk/decimal';
import { botScope, isExchangeError, isOwnClientOrderId, makerDeskClientOrderId, type Exchange, type Order } from '@makerdesk/exchange';
import { FINAL_JOURNAL_STATES, type Clock, type EngineObserver, type FillRecord, type JournalOrder, type JournalPatch, type JournalState, type OrderJournal, type RobotRecord } from '../ports.ts';
import type { OwnFill, OwnOrder, PairRules } from '../strategy.ts';
import { isRefusal, orderUpdate, refusalParams } from './order-state.ts';
import type { GuardContext, GuardedOrder } from './price-guard.ts';
import { planReconciliation } from './reconcile.ts';
import { EndedOrders } from './ended-orders.ts';

/** A lost placement that the venue still does not know this long after it was sent never arrived. */
export const DEFAULT_NOT_FOUND_AFTER_MS = 5_000;

export interface ExecutorOptions {
  robot: Pick<RobotRecord, 'id' | 'symbol'>;
  /** The bot's venue, already behind its key's rate budget and the call timeout. */
  exchange: Exchange;
  journal: OrderJournal;
  rules: PairRules;
  clock: Clock;
  log(level: 'info' | 'warn' | 'error', message: ServerText): void;
  observer?: EngineObserver | undefined;
  /** True on the built-in simulator: the only session where an order's self-trade opt-in is sent. */
  simulated: boolean;
  /** Quoting bots adopt their orders found on the venue but not in the journal; the others cancel them. */
  adoptOrphans: boolean;
  notFoundAfterMs?: number;
  /** True once shutdown began (or the bot is stopping): no new orders. */
  placementsClosed(): boolean;
  /** Told when the venue answers a placement (tick-to-order latency). */
  onPlacementAnswer?(at: number): void;
  /** Told of each fill once it is journalled (the trading log's fill line, the live figures). */
  onFill?(fill: FillRecord): void;
}

export type PlaceOutcome = JournalState | 'refused';
export type CancelOutcome = 'canceled' | 'filled' | 'pending' | 'skipped';

/** Why a cancel round left an order live: the venue's answer was lost, the venue refused, or it rate-limited the key. */
export interface CancelFailure {
  kind: 'no_answer' | 'venue_refused' | 'rate_limited';
  message: string;
  /** The engine's own words, in each reader's language (a venue's refusal has none: its message reads as written). */
  text?: ServerText;
}

/**
 * One bot's order IO (DESIGN §7). Journal first: an order is written 'sending' before the venue
 * call. A refusal makes it 'rejected'; a lost answer (timeout, 5xx, reset, 429) makes it 'unknown',
 * resolved later by its client order id, never assumed failed and never sent again. Cancels name
 * the bot's own orders one by one. Reconciliation lines the journal up with the venue.
 */
export class OrderExecutor {
  readonly scope: string;
  private live = new Map<string, JournalOrder>();
  private fills: OwnFill[] = [];
  private readonly notFoundAfterMs: number;
  /** False until the live orders were read from the journal once (a fresh executor knows nothing yet). */
  private loaded = false;
  /** While recording: how each order that became final ended (an emergency stop counts them). */
  private closed: Map<string, JournalState> | null = null;
  /**
   * The latest orders that became final, as written: a write racing their end reads them, not a stale
   * copy. Of those, the ones the venue itself said ended (filled, cancelled): an older view of the
   * venue (the tick's read of the open orders, taken before the stream told of the end) never reopens
   * them. An end the executor only inferred (never arrived, no longer known) yields to what the venue shows.
   */
  private readonly ended = new EndedOrders();
  /** The tail of the journal writes: each reads the order as it is now and writes, one at a time. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: ExecutorOptions) {
    this.scope = botScope(o.robot.id);
    this.notFoundAfterMs = o.notFoundAfterMs ?? DEFAULT_NOT_FOUND_AFTER_MS;
  }

  /** The bot's venue as the executor calls it (behind the key's budget and the call timeout). */
  get venue(): Exchange {
    return this.o.exchange;
  }

  get liveCount(): number {
    return this.live.size;
  }

  /** True for a live order of the bot (in its journal, not final). */
  tracks(clientOrderId: string): boolean {
    return this.live.has(clientOrderId);
  }

  liveOrders(): JournalOrder[] {
    return [...this.live.values()];
  }

  /** The bot's live orders as its strategy sees them. */
  ownOrders(): OwnOrder[] {
    return this.liveOrders().map((o) => ({
      clientOrderId: o.clientOrderId,
      tag: o.tag,
      side: o.side,
      price: o.price,
      amount: o.amount,
      filledAmount: o.filledAmount,
      state: o.state === 'open' || o.state === 'canceling' ? o.state : 'unknown',
      placedAt: o.createdAt,
    }));
  }

  /** Fills seen since the last call, oldest first. */
  takeFills(): OwnFill[] {
    const fills = this.fills;
    this.fills = [];
    return fills;
  }

  /**
   * An update of one of the bot's orders pushed by the venue's stream, applied at once (issue 19: a
   * fill reaches the journal as it happens, not at the next tick's reconciliation), during a tick
   * too: every journal write reads the order as it is at that moment (`exclusive`), so a tick holding
   * an older copy of it cannot record the fill again. Only what moves an order forward is applied
   * (more filled, or it left the book); an order still being sent is left to its answer. True when
   * it recorded a fill.
   */
  async applyStreamed(venue: Order): Promise<boolean> {
    const order = venue.clientOrderId === null ? undefined : this.live.get(venue.clientOrderId);
    if (!order || order.state === 'sending') return false;
    const grew = compare(venue.filledAmount, order.filledAmount) > 0;
    if (!grew && (venue.status === 'pending' || venue.status === 'partial_filled')) return false;
    await this.applyVenue(order, venue);
    return grew;
  }

  /** Fills a tick took but could not hand to its strategy (it threw): given again next tick. */
  returnFills(fills: OwnFill[]): void {
    this.fills = [...fills, ...this.fills];
  }

  /**
   * `known.accountResting`: the account's resting orders on the pair as the tick read them (live
   * venues), handed to the venue so its self-trade check need not read them again (issue 19).
   */
  async place(order: GuardedOrder, known: { accountResting: GuardContext['accountResting'] } = { accountResting: null }): Promise<PlaceOutcome> {
    if (this.o.placementsClosed() || this.slotBusy(order)) return 'refused';
    const row = this.newRow(order);
    await this.o.journal.insert([row]);
    this.live.set(row.clientOrderId, row);
    const sent = await this.send(row, order, known.accountResting);
    return 'outcome' in sent ? sent.outcome : this.applyVenue(row, sent.answer);
  }

  /**
   * A self-trade's two legs (simulation only): a resting maker and the IOC taker that trades with it.
   * Both are journalled 'sending' in one write before the maker is sent, and the taker is sent the
   * moment the maker is acknowledged, with no journal write between: while the maker rests alone the
   * market can take it (then the taker finds nothing and the bot traded one side with someone else),
   * so the legs are kept as close as two venue calls allow. A taker not sent because the venue
   * refused its maker, or the bot is stopping, is journalled 'rejected'. Answers each leg's outcome.
   */
  async placePair(maker: GuardedOrder, taker: GuardedOrder): Promise<[PlaceOutcome, PlaceOutcome]> {
    const { journal, clock } = this.o;
    if (this.o.placementsClosed() || this.slotBusy(maker) || this.slotBusy(taker)) return ['refused', 'refused'];
    const makerRow = this.newRow(maker);
    const takerRow = this.newRow(taker);
    await journal.insert([makerRow, takerRow]);
    this.live.set(makerRow.clientOrderId, makerRow);
    this.live.set(takerRow.clientOrderId, takerRow);
    const makerSent = await this.send(makerRow, maker);
    // A refused maker rests nowhere: its taker would trade with the market. A lost answer may rest: the taker goes.
    if ('outcome' in makerSent && makerSent.outcome === 'rejected') {
      await this.settle(takerRow, { state: 'rejected', error: `not sent: the venue refused its maker leg ${makerRow.clientOrderId}`, updatedAt: clock.now() });
      return ['rejected', 'rejected'];
    }
    const takerSent = this.o.placementsClosed() ? null : await this.send(takerRow, taker);
    const makerOutcome = 'outcome' in makerSent ? makerSent.outcome : await this.applyVenue(makerRow, makerSent.answer);
    if (takerSent === null) {
      await this.settle(takerRow, { state: 'rejected', error: 'not sent: the bot is stopping', updatedAt: clock.now() });
      return [makerOutcome, 'refused'];
    }
    return [makerOutcome, 'outcome' in takerSent ? takerSent.outcome : await this.applyVenue(takerRow, takerSent.answer)];
  }

  private slotBusy(order: GuardedOrder): boolean {
    const busy = this.liveOrders().find((o) => o.tag === order.tag);
    if (busy) this.o.log('warn', text('bots.order.slotBusy', { tag: order.tag, order: busy.clientOrderId, state: busy.state }));
    return busy !== undefined;
  }

  private newRow(order: GuardedOrder): JournalOrder {
    const { robot, clock } = this.o;
    const now = clock.now();
    return {
      robotId: robot.id,
      clientOrderId: makerDeskClientOrderId(this.scope),
      tag: order.tag,
      symbol: robot.symbol,
      side: order.side,
      price: order.price,
      amount: order.amount,
      timeInForce: order.timeInForce,
      state: 'sending',
      orderNo: null,
      filledAmount: '0',
      filledValue: '0',
      error: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  /**
   * Sends a journalled order. The venue's answer, else the outcome already journalled: 'rejected'
   * for a refusal, 'unknown' for a lost answer (resolved later by the client order id).
   */
  private async send(row: JournalOrder, order: GuardedOrder, accountResting: GuardContext['accountResting'] = null): Promise<{ answer: Order } | { outcome: PlaceOutcome }> {
    const { robot, exchange, clock } = this.o;
    let answer: Order;
    try {
      answer = await exchange.placeOrder({
        symbol: robot.symbol,
        direction: order.side,
        tradeType: 'limit',
        price: order.price,
        amount: order.amount,
        timeInForce: order.timeInForce,
        clientOrderId: row.clientOrderId,
        ...(order.selfTrade && this.o.simulated ? { allowSelfTrade: true } : {}),
        ...(accountResting ? { knownResting: accountResting.map((o) => ({ direction: o.side, price: o.price })) } : {}),
      });
    } catch (err) {
      this.venueError(err);
      if (isRefusal(err)) {
        await this.settle(row, { state: 'rejected', error: err.message, updatedAt: clock.now() });
        this.o.log('warn', text('bots.order.refused', { ...refusalParams(err), tag: order.tag, side: `@bots.sideWord.${order.side}`, amount: order.amount, price: order.price }));
        return { outcome: 'rejected' };
      }
      await this.settle(row, { state: 'unknown', error: messageOf(err), updatedAt: clock.now() });
      this.o.log('warn', text('bots.order.noAnswer', { tag: order.tag, order: row.clientOrderId, error: messageOf(err) }));
      return { outcome: 'unknown' };
    }
    this.o.onPlacementAnswer?.(clock.now());
    this.o.observer?.order?.(robot.id, 'placed');
    return { answer };
  }

  /** Cancels one of the bot's own open orders; 'pending' when the venue's answer was lost (the journal says canceling). */
  async cancel(clientOrderId: string): Promise<CancelOutcome> {
    const { robot, exchange, clock } = this.o;
    const row = this.live.get(clientOrderId);
    // Ended meanwhile (a streamed fill during the tick that chose to cancel it): nothing to cancel.
    if (!row && this.ended.has(clientOrderId)) return 'skipped';
    if (!row || !isOwnClientOrderId(row.clientOrderId, this.scope)) {
      this.o.log('warn', text('bots.order.notOwn', { order: clientOrderId }));
      return 'skipped';
    }
    if (row.state !== 'open' || row.orderNo === null) return 'skipped';
    const canceling = await this.settle(row, { state: 'canceling', updatedAt: clock.now() });
    if (FINAL_JOURNAL_STATES.has(canceling.state)) return cancelOutcome(canceling.state);
    let answer: Order;
    try {
      answer = await exchange.cancelOrder(robot.symbol, row.orderNo);
    } catch (err) {
      this.venueError(err);
      if (isExchangeError(err) && (err.kind === 'order_not_found' || err.kind === 'order_closed')) return cancelOutcome(await this.lookUp(canceling));
      this.o.log('info', text('bots.order.cancelNoAnswer', { tag: row.tag, order: row.clientOrderId, error: messageOf(err) }));
      return 'pending';
    }
    return cancelOutcome(await this.applyVenue(canceling, answer));
  }

  /**
   * Lines the journal up with the venue: the venue's open orders of this bot's scope against the
   * journal's live ones. Matched orders take the venue's state and fills; journalled orders the
   * venue does not show open are looked up by client id; orders of the scope the journal lacks are
   * adopted (quoting bots) or cancelled, and logged.
   */
  async reconcile(options: { venueOpen?: readonly Order[]; trustMemory?: boolean } = {}): Promise<void> {
    const { robot, exchange, clock } = this.o;
    // Bots of one key and pair can share one read of the open orders (an emergency stop: one request, not one per bot).
    const venueOpen = options.venueOpen ?? (await exchange.fetchOpenOrders(robot.symbol));
    // Every journal write goes through settle, which keeps `live` in step: once loaded, memory is the journal.
    if (!(options.trustMemory && this.loaded)) await this.reload();
    this.loaded = true;
    const plan = planReconciliation(this.liveOrders(), venueOpen, this.scope);
    for (const { order, venue } of plan.matched) {
      if (order.state === 'canceling') {
        const reopened = await this.settle(order, { state: 'open', error: 'the cancel was not confirmed', updatedAt: clock.now() });
        await this.applyVenue(reopened, venue);
      } else {
        await this.applyVenue(order, venue);
      }
    }
    for (const order of plan.missing) {
      try {
        await this.lookUp(order);
      } catch (err) {
        this.venueError(err);
      }
    }
    for (const venue of plan.orphans) await this.adopt(venue);
  }

  /**
   * Cancels every live order of the bot (stop, shutdown), reconciling before each round so lost
   * placements are found first. True when nothing is left live; gives up at `deadline`.
   */
  async cancelAll(deadline: number, roundGapMs = 1000): Promise<boolean> {
    const { clock } = this.o;
    for (;;) {
      try {
        await this.reconcile();
        if (this.live.size === 0) return true;
        await Promise.all(this.liveOrders().map((o) => (o.state === 'open' ? this.cancel(o.clientOrderId).catch((err: unknown) => this.venueError(err)) : null)));
        if (this.live.size === 0) return true;
      } catch (err) {
        this.venueError(err);
      }
      if (clock.now() + roundGapMs > deadline) return false;
      await new Promise<void>((resolve) => clock.setTimeout(resolve, roundGapMs));
    }
  }

  /** Starts recording how orders end (`closedSince`), for a caller that counts what a stop cancelled. */
  recordClosed(): void {
    this.closed ??= new Map();
  }

  /** Orders that became final since `recordClosed`, by client order id. */
  closedSince(): ReadonlyMap<string, JournalState> {
    return this.closed ?? new Map();
  }

  /**
   * One round of cancels of every open own order, all at once: with `batch` (a venue whose
   * cancelOrders is one request) in one request, else one request each, concurrently (each waits for
   * the key's budget, where cancels go first). The answers are journalled in one write; an order whose
   * answer was lost is journalled 'canceling' and left to the next round's reconciliation. Answers
   * why each order still live is live. `journal`: where that one write goes (a stop of many bots
   * gathers theirs into one transaction).
   */
  async cancelRound(batch: boolean, journal: Pick<OrderJournal, 'settle'> = this.o.journal): Promise<Map<string, CancelFailure>> {
    const { robot, exchange, clock } = this.o;
    const failures = new Map<string, CancelFailure>();
    const targets = this.liveOrders().filter((o) => o.state === 'open' && o.orderNo !== null && isOwnClientOrderId(o.clientOrderId, this.scope));
    if (targets.length === 0) return failures;
    const answers = new Map<string, Order>();
    const gone: JournalOrder[] = [];
    const lost: JournalOrder[] = [];
    const fail = (order: JournalOrder, err: unknown) => {
      this.venueError(err);
      if (isExchangeError(err) && (err.kind === 'order_not_found' || err.kind === 'order_closed')) return gone.push(order);
      lost.push(order);
      failures.set(order.clientOrderId, failureOf(err));
    };
    if (batch) {
      try {
        for (const answer of await exchange.cancelOrders(robot.symbol, targets.map((o) => o.orderNo!))) answers.set(answer.orderNo, answer);
        // The venue leaves out orders it does not know: looked up below.
        for (const o of targets) if (!answers.has(o.orderNo!)) gone.push(o);
      } catch (err) {
        for (const o of targets) fail(o, err);
      }
    } else {
      await Promise.all(
        targets.map((o) =>
          exchange.cancelOrder(robot.symbol, o.orderNo!).then(
            (answer) => void answers.set(answer.orderNo, answer),
            (err: unknown) => fail(o, err),
          ),
        ),
      );
    }
    await this.exclusive(async () => {
      const now = clock.now();
      const changes: { order: JournalOrder; patch: JournalPatch; fill: FillRecord | null }[] = [];
      for (const target of targets) {
        // As the order is now: a streamed fill or end may have come while the cancels were out.
        const o = this.current(target);
        if (FINAL_JOURNAL_STATES.has(o.state) || this.ended.endedByVenue(o.clientOrderId)) continue;
        const answer = answers.get(o.orderNo!);
        if (answer) {
          const update = orderUpdate({ ...o, state: 'canceling' }, answer, this.o.rules, now);
          changes.push({ order: o, patch: { state: 'canceling', updatedAt: now, ...update?.patch }, fill: update?.fill ?? null });
        } else if (lost.includes(target)) {
          changes.push({ order: o, patch: { state: 'canceling', error: failures.get(o.clientOrderId)!.message, updatedAt: now }, fill: null });
        }
      }
      await this.settleMany(changes, journal);
    });
    for (const o of gone) {
      try {
        await this.lookUp(this.live.get(o.clientOrderId) ?? o);
      } catch (err) {
        this.venueError(err);
        failures.set(o.clientOrderId, failureOf(err));
      }
    }
    return failures;
  }

  /** Resolves an order the venue does not show open, by its client order id. */
  private async lookUp(order: JournalOrder): Promise<JournalState> {
    const { robot, exchange, clock } = this.o;
    const venue = await exchange.fetchOrderByClientId(robot.symbol, order.clientOrderId);
    if (venue) {
      if (order.state === 'sending' || order.state === 'unknown') this.o.observer?.order?.(robot.id, 'placed');
      return this.applyVenue(order, venue);
    }
    const waited = clock.now() - order.updatedAt;
    if (waited < this.notFoundAfterMs) return order.state;
    if (order.state === 'sending' || order.state === 'unknown') {
      await this.settle(order, { state: 'rejected', error: `not found on the venue ${Math.round(waited / 1000)} s after it was sent`, updatedAt: clock.now() });
      this.o.log('warn', text('bots.order.neverArrived', { tag: order.tag, order: order.clientOrderId }));
      return 'rejected';
    }
    await this.settle(order, { state: 'canceled', error: 'no longer known to the venue', updatedAt: clock.now() });
    this.o.log('warn', text('bots.order.unknownToVenue', { tag: order.tag, order: order.clientOrderId }));
    return 'canceled';
  }

  private async adopt(venue: Order): Promise<void> {
    const { robot, journal, clock } = this.o;
    const clientOrderId = venue.clientOrderId!;
    const row: JournalOrder = {
      robotId: robot.id,
      clientOrderId,
      tag: `adopted-${venue.orderNo}`,
      symbol: robot.symbol,
      side: venue.direction,
      price: venue.price ?? '0',
      amount: venue.amount,
      timeInForce: venue.timeInForce,
      state: 'unknown',
      orderNo: venue.orderNo,
      filledAmount: '0',
      filledValue: '0',
      error: 'found on the venue, not in the journal',
      createdAt: venue.createdAt,
      updatedAt: clock.now(),
    };
    await journal.insert([row]);
    await this.applyVenue(row, venue);
    await this.reload();
    const adopted = this.live.get(clientOrderId);
    if (!adopted) return;
    const clash = this.liveOrders().some((o) => o !== adopted && o.tag === adopted.tag);
    const keep = this.o.adoptOrphans && !clash;
    this.o.log('warn', text(keep ? 'bots.order.orphanAdopted' : 'bots.order.orphanCancelled', { order: clientOrderId, side: venue.direction, amount: venue.amount, price: venue.price ?? 'market' }));
    if (!keep) await this.cancel(clientOrderId);
  }

  /** Writes what the venue shows of an order (state, venue number, new fills) to the journal, against the order as it is now. */
  private applyVenue(order: JournalOrder, venue: Order): Promise<JournalState> {
    return this.exclusive(async () => {
      const now = this.current(order);
      if (this.ended.endedByVenue(now.clientOrderId)) return now.state;
      const update = orderUpdate(now, venue, this.o.rules, this.o.clock.now());
      if (!update) return now.state;
      const next = await this.write(now, update.patch, update.fill ? [update.fill] : []);
      if (update.fill) this.recordFill(now, update.fill);
      if (update.patch.state !== undefined && FINAL_JOURNAL_STATES.has(update.patch.state)) this.ended.markEndedByVenue(now.clientOrderId);
      return next.state;
    });
  }

  /** Writes a change of an order unless it ended meanwhile (its end stands: answers it as it is). */
  private settle(order: JournalOrder, patch: JournalPatch): Promise<JournalOrder> {
    return this.exclusive(async () => {
      const now = this.current(order);
      return FINAL_JOURNAL_STATES.has(now.state) ? now : this.write(now, patch, []);
    });
  }

  private async write(order: JournalOrder, patch: JournalPatch, fills: Parameters<OrderJournal['settle']>[1]): Promise<JournalOrder> {
    await this.o.journal.settle([{ robotId: this.o.robot.id, clientOrderId: order.clientOrderId, patch }], fills);
    return this.remember(order, patch);
  }

  /**
   * Runs a read-then-write of the journal after every earlier one: the tick's calls and the stream's
   * updates interleave only between writes, and each reads the orders as the last write left them.
   */
  private exclusive<T>(section: () => Promise<T>): Promise<T> {
    const run = this.writes.then(section, section);
    this.writes = run.catch(() => undefined);
    return run;
  }

  /** The order as the journal has it now (the caller's copy may be older). */
  private current(order: JournalOrder): JournalOrder {
    return this.live.get(order.clientOrderId) ?? this.ended.get(order.clientOrderId) ?? order;
  }

  /** The live orders read again from the journal, after any write in progress. */
  private reload(): Promise<void> {
    return this.exclusive(async () => {
      this.live = new Map((await this.o.journal.live(this.o.robot.id)).map((o) => [o.clientOrderId, o]));
    });
  }

  /** Several orders' changes and fills in one journal write (one transaction). */
  private async settleMany(changes: { order: JournalOrder; patch: JournalPatch; fill: FillRecord | null }[], journal: Pick<OrderJournal, 'settle'>): Promise<void> {
    if (changes.length === 0) return;
    const { robot } = this.o;
    const fills = changes.flatMap((c) => (c.fill ? [c.fill] : []));
    await journal.settle(changes.map((c) => ({ robotId: robot.id, clientOrderId: c.order.clientOrderId, patch: c.patch })), fills);
    for (const { order, patch, fill } of changes) {
      this.remember(order, patch);
      if (fill) this.recordFill(order, fill);
      // The venue's answer to a cancel: its end is the venue's word.
      if (patch.state !== undefined && FINAL_JOURNAL_STATES.has(patch.state)) this.ended.markEndedByVenue(order.clientOrderId);
    }
  }

  private recordFill(order: JournalOrder, fill: FillRecord): void {
    this.fills.push({ clientOrderId: order.clientOrderId, tag: order.tag, side: order.side, price: fill.price, amount: fill.amount, at: fill.at });
    try {
      this.o.onFill?.(fill);
    } catch {
      // The log line is best effort; the fill is journalled already.
    }
  }

  /** What a journal write changed, in memory: the live set, the closed record, the observer. */
  private remember(order: JournalOrder, patch: JournalPatch): JournalOrder {
    const { robot, observer } = this.o;
    const next: JournalOrder = { ...order, ...patch };
    if (FINAL_JOURNAL_STATES.has(next.state)) {
      this.live.delete(next.clientOrderId);
      this.ended.remember(next, this.o.clock.now());
    } else this.live.set(next.clientOrderId, next);
    if (patch.state && patch.state !== order.state && FINAL_JOURNAL_STATES.has(patch.state)) {
      observer?.order?.(robot.id, patch.state as 'filled' | 'canceled' | 'rejected');
      this.closed?.set(next.clientOrderId, patch.state);
    }
    return next;
  }

  private venueError(err: unknown): void {
    this.o.observer?.venueError?.(isExchangeError(err) ? err.kind : 'unexpected');
  }
}

function cancelOutcome(state: JournalState): CancelOutcome {
  if (state === 'canceled' || state === 'filled') return state;
  return FINAL_JOURNAL_STATES.has(state) ? 'canceled' : 'pending';
}

function failureOf(err: unknown): CancelFailure {
  if (isExchangeError(err) && err.kind === 'rate_limited') return { kind: 'rate_limited', message: err.message };
  if (isRefusal(err)) return { kind: 'venue_refused', message: err.message };
  return { kind: 'no_answer', message: messageOf(err) };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
