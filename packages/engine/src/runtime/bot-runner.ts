import { BOT_MAX_CONSECUTIVE_FAILURES, botTypeKey, durationText, ErrorCode, nestText, renderServerText, robotTypes, text, verbatim, type RobotActionKind, type RobotActivity, type RobotRuntime, type ServerText } from '@makerdesk/contract';
import { isExchangeError, type Balance, type Exchange, type ExchangeEvent, type FeedStatus, type Order, type OrderBook } from '@makerdesk/exchange';
import { add, div } from '@makerdesk/decimal';
import type { Intent, NotifyIntent, PlaceIntent } from '../intents.ts';
import type { Clock, FillRecord, RobotRecord, VenueSession } from '../ports.ts';
import { createRng, tickSeed } from '../rng.ts';
import { obligationProgress } from '../strategies/kit/obligation.ts';
import { referenceKey, type AccountOrder, type AnyStrategy, type AssetBalance, type MarketSnapshot, type PairRules, type ReferenceBooks, type TickOutput } from '../strategy.ts';
import { withCallTimeout } from './call-timeout.ts';
import { FeedLog, FeedOutages, feedOf } from './feed-watch.ts';
import type { EngineDeps } from './engine-api.ts';
import { OrderExecutor } from './executor.ts';
import { guardPlacement, type GuardContext } from './price-guard.ts';
import { firstTickAt, nextTickDelayMs } from './scheduler.ts';
import { LiveFigures, RollingCounter, withUnit } from './live-figures.ts';
import { PlacementGovernor, placementBudgetPerMinute, refreshToleranceOf, toleranceBound, usefulLevels, widenedTolerance, withRefreshTolerance } from './placement-budget.ts';
import { deferPlacements, PlacementBucket } from './placement-bucket.ts';
import { RequoteSummariser } from './requote-summary.ts';

export interface RunnerSettings {
  callTimeoutMs: number;
  notFoundAfterMs: number;
  /** How long stopping a bot keeps trying to cancel its orders. */
  stopCancelMs: number;
}

interface Prepared {
  session: VenueSession;
  exchange: Exchange;
  rules: PairRules;
  executor: OrderExecutor;
}

/** A refusal that no retry fixes (unknown type, invalid config, a simulation-only type on a live venue): the bot stops at once. */
/** A bot that cannot start: why, in the reader's language (`reason`), and in English for the server log. */
class StartRefused extends Error {
  constructor(readonly reason: ServerText) {
    super(renderServerText(reason, 'en_US'));
  }
}

/**
 * One running bot: its timer chain, its ticks (read the market, decide, act, save, reconcile) and
 * its failure count. The engine holds one per bot and never awaits one bot for another.
 */
export class BotRunner {
  private activity: RobotActivity = 'idle';
  private lastTickAt: number | null = null;
  private nextTickAt: number | null = null;
  private failures = 0;
  private ticks = 0;
  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private halted = false;
  private reconciled = false;
  /**
   * Live venues: the account's open orders on the pair as this tick read them (one read a tick at most,
   * issue 19), and whether the journal was already reconciled with them (the start-up tick).
   */
  private tickOpenOrders: { orders: readonly Order[]; reconciled: boolean } | null = null;
  private prepared: Prepared | null = null;
  private state: unknown;
  private tickStartedAt = 0;
  private tickDueAt: number | null = null;
  private parsedConfig: (Record<string, unknown> & { intervalMin: number; intervalMax: number }) | null = null;
  private answeredThisTick = false;
  private readonly loggedOnce = new Set<string>();
  /** The run's start as strategies see it: the stored switch-on time, else this runner's first tick (stable across ticks). */
  private startedAt: number | null = null;
  private readonly clock: Clock;
  /** What the bot holds and does now (quote, inventory, last action, last hour, errors). */
  private readonly live = new LiveFigures();
  /** The placement budget's rate and widening level (placement-budget.ts), and what the last tick used. */
  private readonly governor = new PlacementGovernor();
  private churn: { tolerance: string | null; budget: number | null } = { tolerance: null, budget: null };
  /** The hard bound on the bot's placements (placement-bucket.ts): the budget's token bucket, and the placements it deferred. */
  private readonly bucket = new PlacementBucket();
  private readonly deferred = new RollingCounter(60_000, 5_000);
  private readonly summariser: RequoteSummariser;
  /** The trading log's view of the bot's feed (a line when its stream goes down, one when it is back). */
  private readonly feedLog = new FeedLog();
  /** Streams down across the engine's bots (shared by the engine; one of the runner's own without it). */
  private readonly feedOutages: FeedOutages;
  /**
   * Live venues with a user stream: updates of the bot's orders pushed by the venue (latest per
   * order), applied at once by `drainStreamed`, during a tick too (the executor writes each against
   * the order as it is then, so the tick's older copies cannot record a fill twice).
   */
  private readonly streamed = new Map<string, Order>();
  private streamDrain: Promise<void> | null = null;
  private stopListening: (() => void) | null = null;

  constructor(
    readonly robot: RobotRecord,
    private readonly deps: EngineDeps & { clock: Clock; feedOutages?: FeedOutages; botsOnKey?: (budgetKey: string) => number },
    private readonly settings: RunnerSettings,
    private readonly shuttingDown: () => boolean,
    private readonly onStopped: (runner: BotRunner) => void,
  ) {
    this.clock = deps.clock;
    this.state = robot.state;
    const type = robotTypes[robot.type];
    this.summariser = new RequoteSummariser({ follows: type.follows, quoting: type.quoting });
    this.feedOutages = deps.feedOutages ?? new FeedOutages();
  }

  /** The order journal the bot writes to. */
  get journal(): EngineDeps['journal'] {
    return this.deps.journal;
  }

  get quoting(): boolean {
    return robotTypes[this.robot.type].quoting;
  }

  /** A watcher (risk-control monitor) places no orders: no reconciliation, no cancels, no self-trade reads. */
  private get watchOnly(): boolean {
    return this.deps.strategies(this.robot.type)?.watchOnly === true;
  }

  /** The venue key of the bot's session (null before it opened). */
  get budgetKey(): string | null {
    return this.prepared?.session.budgetKey ?? null;
  }

  runtime(): RobotRuntime {
    const key = this.prepared?.session.budgetKey;
    const figures = this.live.snapshot(this.clock.now());
    return {
      ...figures,
      perMinute: {
        ...figures.perMinute,
        refreshTolerance: this.churn.tolerance,
        budget: this.churn.budget === null ? null : this.churn.budget.toFixed(2),
        deferred: this.churn.budget === null ? null : this.deferred.count(this.clock.now()),
      },
      activity: this.activity,
      lastTickAt: this.lastTickAt,
      nextTickAt: this.nextTickAt,
      consecutiveFailures: this.failures,
      throttledUntil: key === undefined ? null : this.deps.budgets.throttledUntil(key),
      openOrders: this.prepared?.executor.liveCount ?? 0,
      feed: this.feed(),
    };
  }

  /** How the bot's venue data reaches it now: its session's venue tells (null on the simulator, or before its session opened). */
  private feed(): FeedStatus | null {
    const prepared = this.prepared;
    if (!prepared || prepared.session.simulated) return null;
    try {
      return feedOf(prepared.exchange.feedStatus?.(this.robot.symbol));
    } catch {
      // A reading of the venue's state: one that fails says nothing.
      return null;
    }
  }

  /**
   * After each tick: the trading log says once when the bot's stream went down (it polls) and when it
   * is back; a key's pair down past a minute is an incident (once per outage, for all its bots).
   */
  private watchFeed(): void {
    const feed = this.feed();
    const now = this.clock.now();
    const change = this.feedLog.observe(feed, now);
    if (change?.type === 'down') this.log('warn', text('bots.feedDown'), { error: false });
    if (change?.type === 'back') this.log('info', text('bots.feedBack', { down: durationText(change.downMs) }));
    const prepared = this.prepared;
    const port = this.deps.feedIncidents;
    if (!prepared || !port) return;
    const { budgetKey } = prepared.session;
    const outage = this.feedOutages.observe(`${budgetKey}|${this.robot.symbol}`, feed, now);
    if (outage === null) return;
    const { id: robotId, adminId, coinId, symbol } = this.robot;
    const facts = { robotId, adminId, coinId, symbol, budgetKey, venue: prepared.session.venue ?? budgetKey.split(':')[0]!, since: outage.since, at: now };
    try {
      if (outage.type === 'down') port.streamDown(facts);
      else port.streamUp({ ...facts, downMs: outage.downMs });
    } catch {
      // Incidents are best effort; the log said it.
    }
  }

  /** Schedules the start-up tick: prepare, reconcile, then quote (at once, or at the scheduled time). */
  launch(): void {
    this.setActivity('starting');
    this.schedule(0);
  }

  /** No further ticks; resolves once a tick in flight has finished. */
  async halt(): Promise<void> {
    this.halted = true;
    this.clearTimer();
    this.stopStreamed();
    await this.inFlight;
    await this.streamDrain;
  }

  /** Cancels every own order (stop, shutdown); false when some could not be cancelled before `deadline`. */
  /** Graceful shutdown of a quoting bot: its orders are cancelled, it stays switched on. */
  async cancelForShutdown(deadline: number): Promise<boolean> {
    const done = await this.cancelOwnOrders(deadline);
    if (done) this.log('info', text('bots.shutdown'));
    return done;
  }

  async cancelOwnOrders(deadline: number): Promise<boolean> {
    if (this.watchOnly) return true;
    try {
      const { executor } = await this.prepare();
      const done = await executor.cancelAll(deadline);
      if (!done) this.log('error', text('bots.cancelLate', { orders: executor.liveCount }));
      return done;
    } catch (err) {
      this.log('error', text('bots.cancelFailed', { error: messageOf(err) }));
      return false;
    }
  }

  /**
   * For an emergency stop: the bot's executor (its session opened if the bot never ticked), recording
   * from now on how its orders end. Call after `halt` began, so nothing new is placed.
   */
  async executorForStop(): Promise<{ executor: OrderExecutor; budgetKey: string }> {
    const { executor, session } = await this.prepare();
    executor.recordClosed();
    return { executor, budgetKey: session.budgetKey };
  }

  /** The bot stops itself (repeated failures, the strategy's stop, a refusal): switched off in the store first, then its orders cancelled. */
  async stop(reason: string | ServerText, level: 'info' | 'error'): Promise<void> {
    this.halted = true;
    this.clearTimer();
    this.stopStreamed();
    // A pushed update being written finishes before the cancels' reconciliation reads the journal.
    await this.streamDrain;
    this.setActivity('stopping');
    const why = typeof reason === 'string' ? verbatim(reason) : reason;
    this.log(level, text('bots.stopped', nest('reason', why)), { kind: 'stopped', error: level === 'error' });
    await this.deps.robots.markStopped(this.robot.id, renderServerText(why, 'en_US'), why);
    await this.cancelOwnOrders(this.clock.now() + this.settings.stopCancelMs);
    this.setActivity('idle');
    this.onStopped(this);
  }

  setActivity(activity: RobotActivity): void {
    if (activity === this.activity) return;
    this.activity = activity;
    this.deps.observer?.activity?.(this.robot.id, activity);
  }

  private schedule(ms: number): void {
    if (this.halted || this.shuttingDown()) return;
    this.clearTimer();
    this.nextTickAt = this.clock.now() + ms;
    this.tickDueAt = this.nextTickAt;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.inFlight = this.tick()
        .catch((err: unknown) => this.log('error', text('bots.tickCrashed', { error: messageOf(err) })))
        .finally(() => {
          this.inFlight = null;
          this.drainStreamed();
        });
    }, ms);
  }

  /** A live venue's stream told of an order: one of the bot's with a new fill or gone from the book is applied at once. */
  private heard(event: ExchangeEvent): void {
    if (event.type !== 'order' || this.halted) return;
    const id = event.order.clientOrderId;
    if (id === null || !this.prepared?.executor.tracks(id)) return;
    this.streamed.set(id, event.order);
    this.drainStreamed();
  }

  /** Applies the updates heard, one drain at a time. */
  private drainStreamed(): void {
    if (this.streamDrain !== null || this.streamed.size === 0) return;
    const executor = this.prepared?.executor;
    if (!executor) return;
    this.streamDrain = (async () => {
      while (this.streamed.size > 0 && !this.halted) {
        const updates = [...this.streamed.values()];
        this.streamed.clear();
        for (const order of updates) {
          try {
            if (await executor.applyStreamed(order)) this.deps.observer?.streamedFill?.(Math.max(0, this.clock.now() - order.updatedAt));
          } catch (err) {
            // The tick's reconciliation reads the order again; the log says why it was not applied now.
            this.log('warn', text('bots.streamedFailed', { error: messageOf(err) }), { error: false });
          }
        }
        this.live.setQuote(executor.ownOrders());
      }
    })().finally(() => {
      this.streamDrain = null;
      this.drainStreamed();
    });
  }

  private stopStreamed(): void {
    this.stopListening?.();
    this.stopListening = null;
    this.streamed.clear();
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.nextTickAt = null;
  }

  private async tick(): Promise<void> {
    this.nextTickAt = null;
    if (this.halted || this.shuttingDown()) return;
    // Updates heard before the tick are in the journal before it reads it.
    await this.streamDrain;
    const { clock } = this;
    const key = this.prepared?.session.budgetKey;
    const throttledUntil = key === undefined ? null : this.deps.budgets.throttledUntil(key);
    if (throttledUntil !== null) {
      this.setActivity('throttled');
      return this.schedule(throttledUntil - clock.now());
    }
    this.tickStartedAt = clock.now();
    if (this.tickDueAt !== null) this.deps.observer?.tickLateness?.(Math.max(0, this.tickStartedAt - this.tickDueAt));
    this.tickDueAt = null;
    this.answeredThisTick = false;
    this.tickOpenOrders = null;
    let stopReason: string | ServerText | null = null;
    let failure: unknown = null;
    let config: { intervalMin: number; intervalMax: number } | null = null;
    try {
      config = this.config();
      await this.followKeyChange();
      const { executor } = await this.prepare();
      if (!this.reconciled && this.watchOnly) {
        this.reconciled = true;
        this.log('info', text('bots.started.watching'), { kind: 'started' });
      } else if (!this.reconciled) {
        // The start-up reconciliation's read serves this tick's quoting too.
        const venueOpen = await executor.venue.fetchOpenOrders(this.robot.symbol);
        await executor.reconcile({ venueOpen });
        this.tickOpenOrders = { orders: venueOpen, reconciled: true };
        this.reconciled = true;
        const resting = executor.liveCount;
        this.log('info', resting > 0 ? text('bots.started.resting', { orders: resting }) : text('bots.started.clean'), { kind: 'started' });
        this.live.setQuote(executor.ownOrders());
      }
      const startAt = firstTickAt(this.robot, clock.now());
      if (startAt > clock.now()) {
        this.setActivity('scheduled');
        return this.schedule(startAt - clock.now());
      }
      this.setActivity('active');
      stopReason = await this.decideAndAct(config);
    } catch (err) {
      if (err instanceof StartRefused) return this.stop(err.reason, 'error');
      failure = err;
    }
    if (this.halted) return;
    this.watchFeed();
    this.lastTickAt = this.tickStartedAt;
    this.ticks++;
    this.deps.observer?.tick?.(this.robot.id, clock.now() - this.tickStartedAt, failure === null);
    if (stopReason !== null) return this.stop(stopReason, 'info');
    if (failure !== null && isRateLimited(failure)) {
      this.log('info', text('bots.tickRateLimited', { error: messageOf(failure) }));
    } else if (failure !== null) {
      this.failures++;
      this.log('warn', text('bots.tickFailed', { failures: this.failures, error: messageOf(failure) }), { kind: 'failed' });
      if (this.failures >= BOT_MAX_CONSECUTIVE_FAILURES) {
        return this.stop(text('bots.stopReason.failures', { failures: this.failures, error: messageOf(failure) }), 'error');
      }
    } else {
      this.failures = 0;
    }
    const throttled = key === undefined ? null : this.deps.budgets.throttledUntil(key);
    this.setActivity(throttled !== null ? 'throttled' : 'active');
    const interval = config ? (this.deps.strategies(this.robot.type)?.intervalMs?.(config) ?? nextTickDelayMs(this.robot.id, this.ticks, config)) : 5_000;
    this.schedule(Math.max(interval, (throttled ?? 0) - clock.now()));
  }

  /** One strategy tick: read the market, decide, apply the intents, save the state, reconcile. Returns the strategy's stop reason, if any. */
  private async decideAndAct(config: Record<string, unknown> & { intervalMin: number; intervalMax: number }): Promise<string | ServerText | null> {
    const { robots } = this.deps;
    const { executor, session } = await this.prepare();
    const strategy = this.strategy();
    const now = this.clock.now();
    this.live.begin(now);
    this.governor.begin(now);
    const market = await this.snapshot(strategy, config);
    // Live venues: reconciliation before deciding, on the tick's one read of the open orders (shared
    // with the self-trade guard), so no second read follows the actions (issue 19); fills found are
    // the strategy's this tick. The simulator reads in process: it reconciles after acting, as it
    // always did, and finds the fills of the tick's own takers (volume rounds) at once.
    if (!strategy.watchOnly && market.accountOpen !== null && !this.tickOpenOrders?.reconciled) await executor.reconcile({ venueOpen: market.accountOpen });
    const state = this.state ?? strategy.initialState(config, now);
    const fills = strategy.watchOnly ? [] : executor.takeFills();
    let output: TickOutput<unknown>;
    try {
      output = strategy.decide({
        config: this.budgeted(config, session, now),
        state,
        market,
        orders: strategy.watchOnly ? [] : executor.ownOrders(),
        fills,
        now,
        rng: createRng(tickSeed(this.robot.id, this.ticks)),
        priceMode: this.robot.priceMode,
        startedAt: (this.startedAt ??= this.robot.startedAt ?? now),
      });
    } catch (err) {
      executor.returnFills(fills);
      throw new Error(`the strategy failed: ${messageOf(err)}`, { cause: err });
    }
    const stop = output.intents.find((i) => i.kind === 'stop');
    const hadOrders = executor.liveCount > 0;
    const done = await this.apply(
      output.intents,
      {
        rules: market.rules,
        book: market.book,
        priceMode: this.robot.priceMode,
        reference: output.reference,
        maxDeviation: maxDeviationOf(config),
        accountResting: market.accountResting,
        simulated: (await this.prepare()).session.simulated,
      },
      stop !== undefined,
      strategy.watchOnly === true,
    );
    this.state = output.state;
    await robots.saveState(this.robot.id, output.state);
    if (!strategy.watchOnly) {
      if (session.simulated) await executor.reconcile();
      const at = this.clock.now();
      const summary = this.summariser.tick(at, { ...done, fills: fills.length, reference: output.reference, hadOrders });
      if (summary.action) this.live.action(at, summary.action.kind, summary.action.reason);
      if (summary.line) this.log('info', summary.line);
      this.live.setQuote(executor.ownOrders());
      this.live.setInventory(market.balances.base.total, market.balances.quote.total, midOf(market.book), inventoryTargetOf(config));
      // A bot quoting to its pair's obligation (issue 20 §6): how close its orders run to it, at the book's mid.
      if (market.obligation !== undefined) {
        const mid = midOf(market.book) ?? output.reference;
        this.live.setObligation(market.obligation && obligationProgress(executor.ownOrders().filter((o) => o.state === 'open'), market.obligation, mid, output.obligationShort === true));
      }
    }
    return stop?.kind === 'stop' ? stop.reason : null;
  }

  /** Applies the tick's intents; answers how many placements, cancels and replacements it sent. */
  private async apply(asked: Intent[], tickGuard: GuardContext, stopping: boolean, watchOnly: boolean): Promise<{ places: number; cancels: number; replaces: number }> {
    const { executor } = await this.prepare();
    const intents = watchOnly ? asked : this.withinBucket(asked, executor, tickGuard);
    const done = { places: 0, cancels: 0, replaces: 0 };
    const sent = (outcome: string) => outcome !== 'refused' && outcome !== 'rejected';
    // The account's resting orders as the tick read them, minus what it cancelled, plus what it placed:
    // the self-trade guard's view, handed to the venue facade so it need not read them again.
    const canceled = new Set<string>();
    const placedNow: { side: PlaceIntent['side']; price: string | null; clientOrderId: string | null }[] = [];
    let guard = tickGuard;
    const restingNow = (): GuardContext['accountResting'] =>
      tickGuard.accountResting ? [...tickGuard.accountResting.filter((o) => o.clientOrderId === null || !canceled.has(o.clientOrderId)), ...placedNow] : null;
    const forget = (clientOrderId: string, outcome: string) => {
      if (outcome !== 'canceled' || !tickGuard.accountResting) return;
      canceled.add(clientOrderId);
      guard = { ...tickGuard, accountResting: restingNow() };
    };
    const rests = (order: { side: PlaceIntent['side']; price: string }) => {
      if (!tickGuard.accountResting) return;
      placedNow.push({ side: order.side, price: order.price, clientOrderId: null });
      guard = { ...tickGuard, accountResting: restingNow() };
    };
    const known = () => ({ accountResting: guard.accountResting ?? null });
    for (let i = 0; i < intents.length; i++) {
      const intent = intents[i]!;
      if (watchOnly && (intent.kind === 'place' || intent.kind === 'replace' || intent.kind === 'cancel')) {
        this.logOnce('watch-only', text('bots.watchOnly', { intent: intent.kind }));
        continue;
      }
      switch (intent.kind) {
        case 'alert':
          this.log(intent.level, typeof intent.message === 'string' ? verbatim(intent.message) : intent.message);
          break;
        case 'notify':
          await this.notify(intent);
          break;
        case 'emergencyStop':
          await this.emergencyStop(intent.reason);
          break;
        case 'stop':
          break;
        case 'cancel': {
          const outcome = await executor.cancel(intent.clientOrderId);
          if (outcome !== 'skipped') {
            done.cancels++;
            this.live.cancelled(this.clock.now());
          }
          forget(intent.clientOrderId, outcome);
          break;
        }
        case 'place': {
          if (stopping || this.halted || this.shuttingDown()) break;
          const taker = selfTradeTaker(intent, intents[i + 1]);
          if (taker) {
            // A self-trade's two legs go out together (OrderExecutor.placePair), or neither does.
            i++;
            const [makerChecked, takerChecked] = [guardPlacement(intent, guard), guardPlacement(taker, guard)];
            if (!makerChecked.ok) this.guarded(makerChecked.code, makerChecked.text);
            else if (!takerChecked.ok) this.guarded(takerChecked.code, takerChecked.text);
            else {
              for (const outcome of await executor.placePair(makerChecked.order, takerChecked.order)) {
                if (!sent(outcome)) continue;
                done.places++;
                this.placedOne(this.clock.now());
              }
            }
            break;
          }
          const checked = guardPlacement(intent, guard);
          if (checked.ok) {
            if (sent(await executor.place(checked.order, known()))) {
              done.places++;
              this.placedOne(this.clock.now());
              rests(checked.order);
            }
          } else this.guarded(checked.code, checked.text);
          break;
        }
        case 'replace': {
          const outcome = await executor.cancel(intent.clientOrderId);
          if (outcome !== 'skipped') this.live.cancelled(this.clock.now());
          forget(intent.clientOrderId, outcome);
          if (stopping || this.halted || this.shuttingDown()) break;
          if (outcome !== 'canceled') {
            this.log('info', text('bots.replaceWaits', { tag: intent.place.tag, order: intent.clientOrderId, outcome }));
            break;
          }
          const checked = guardPlacement(intent.place, guard);
          if (checked.ok) {
            if (sent(await executor.place(checked.order, known()))) {
              done.replaces++;
              this.placedOne(this.clock.now());
              rests(checked.order);
            }
          } else this.guarded(checked.code, checked.text);
          break;
        }
      }
    }
    return done;
  }

  /** A guard held a placement back: the last action says so every time, the log once per run and guard. */
  private guarded(code: string, why: ServerText): void {
    this.live.action(this.clock.now(), 'guarded', why);
    this.logOnce(code, why);
  }

  /** A fill the executor recorded: a line with side, price, amount and fee, each with its unit. */
  private filled(fill: FillRecord, rules: PairRules): void {
    const line = text('bots.fill', {
      side: `@bots.side.${fill.side}`,
      amount: withUnit(fill.amount, rules.amountPrecision, rules.base),
      price: withUnit(fill.price, rules.pricePrecision, rules.quote),
      fee: withUnit(fill.fee, rules.pricePrecision + 2, rules.quote),
    });
    this.live.filled(fill.at);
    this.live.action(fill.at, 'filled', line);
    this.log('info', line);
  }

  /**
   * The tick's reads. A watcher reads only what its needs name (at most one book and one balance
   * read on the venue's budget); a bot that places orders always reads its book and balances, and on
   * a live venue the account's resting orders for self-trade prevention.
   */
  private async snapshot(
    strategy: AnyStrategy,
    config: Record<string, unknown>,
  ): Promise<MarketSnapshot & { accountResting: GuardContext['accountResting']; accountOpen: readonly Order[] | null }> {
    const { exchange, rules, session } = await this.prepare();
    const needs = strategy.needs(config);
    const watchOnly = strategy.watchOnly === true;
    const [book, references, balances, accountOpen, trades] = await Promise.all([
      watchOnly && needs.bookDepth <= 0 ? Promise.resolve<OrderBook>({ symbol: this.robot.symbol, bids: [], asks: [], timestamp: this.clock.now() }) : exchange.fetchOrderBook(this.robot.symbol, Math.max(1, needs.bookDepth)),
      this.readReferences(needs.references, needs.bookDepth),
      watchOnly && needs.balances === false ? Promise.resolve([]) : exchange.fetchBalances(),
      // Live venues: the account's resting orders of every scope, read once a tick for the self-trade
      // guard, the reconciliation and the strategy's book without the desk's orders (the start-up
      // tick's reconciliation read them already). The simulator reads them when the strategy asks.
      watchOnly || (session.simulated && !needs.accountOrders) ? Promise.resolve(null) : (this.tickOpenOrders?.orders ?? exchange.fetchOpenOrders(this.robot.symbol)),
      needs.trades ? exchange.fetchTrades(this.robot.symbol, needs.trades) : Promise.resolve(undefined),
    ]);
    // The simulator's read serves the strategy's book only: it reconciles after acting, as it always did.
    const liveOpen = session.simulated ? null : accountOpen;
    const accountResting = liveOpen?.map((o) => ({ side: o.direction, price: o.price, clientOrderId: o.clientOrderId })) ?? null;
    const snapshot = {
      rules,
      book,
      references,
      balances: { base: balanceOf(balances, rules.base), quote: balanceOf(balances, rules.quote) },
      accountResting,
      accountOpen: liveOpen,
      ...(accountOpen ? { accountOrders: accountOrdersOf(accountOpen) } : {}),
      ...(trades ? { trades } : {}),
    };
    const withObligation = needs.obligation ? { ...snapshot, obligation: (await this.deps.obligations?.read(this.robot.coinId)) ?? null } : snapshot;
    if (!needs.pairFigures) return withObligation;
    if (!this.deps.pairFigures) throw new Error("the engine cannot read the pair's bots' figures here");
    const { adminId, coinId } = this.robot;
    return { ...withObligation, pairBots: await this.deps.pairFigures.read({ adminId, coinId, mid: midOf(book) }) };
  }

  /** A notice: a line in the trading log first, then the account's channels (a failed delivery is logged, the tick goes on). */
  private async notify(intent: NotifyIntent): Promise<void> {
    const title = typeof intent.title === 'string' ? verbatim(intent.title) : intent.title;
    const body = typeof intent.text === 'string' ? verbatim(intent.text) : intent.text;
    this.log(intent.level, noticeLine(title, body));
    const { alerts } = this.deps;
    if (!alerts) return;
    const { id: robotId, adminId, coinId } = this.robot;
    const english = { title: renderServerText(title, 'en_US'), text: renderServerText(body, 'en_US') };
    try {
      await alerts.raise({ adminId, coinId, robotId, level: intent.level, ...english, message: { title, text: body }, at: this.clock.now() });
    } catch (err) {
      this.log('warn', text('monitor.notDelivered', { ...nest('title', title), error: messageOf(err) }));
    }
  }

  /** The pair's emergency stop. A failure throws: the tick fails, its state is not kept, and the strategy asks again next tick. */
  private async emergencyStop(reason: string | ServerText): Promise<void> {
    const { pairGuard } = this.deps;
    const why = typeof reason === 'string' ? verbatim(reason) : reason;
    const english = renderServerText(why, 'en_US');
    if (!pairGuard) throw new Error(`emergency stop (${english}) is not available in this engine`);
    const { id: robotId, adminId, coinId } = this.robot;
    let stopped: number[];
    try {
      ({ stopped } = await pairGuard.emergencyStop({ adminId, coinId, robotId, reason: english, reasonText: why }));
    } catch (err) {
      throw new Error(`the emergency stop of the pair failed: ${messageOf(err)}`, { cause: err });
    }
    const which: Record<string, string | number> = stopped.length === 0 ? { which: '@bots.pairStopped.none' } : { which: '@bots.pairStopped.some', count: stopped.length, ids: stopped.map((id) => `#${id}`).join(', ') };
    this.log('error', text('bots.pairStopped', { ...nest('reason', why), symbol: this.robot.symbol, ...which }));
  }

  /** References the strategy asked for; one that cannot be read this tick is missing (the strategy decides what that means). */
  private async readReferences(sources: MarketSnapshotNeeds, depth: number): Promise<ReferenceBooks> {
    const books: Record<string, OrderBook> = {};
    await Promise.all(
      sources.map(async (source) => {
        try {
          books[referenceKey(source)] = await this.deps.references.book(source, Math.max(1, depth));
        } catch (err) {
          this.logOnce(`reference:${referenceKey(source)}`, text('bots.referenceUnreadable', { reference: referenceKey(source), error: messageOf(err) }));
        }
      }),
    );
    return books;
  }

  /**
   * The owner changed or deleted the bot's key since its session was made: its orders are cancelled
   * with the session that placed them (its own only), then the next `prepare` opens the new key's
   * session and reconciles before anything is placed. A deleted key fails the tick (no key, no
   * trading): the bot's failures count until it stops, as for any venue that refuses it.
   */
  private async followKeyChange(): Promise<void> {
    const prepared = this.prepared;
    if (!prepared) return;
    const current = await this.deps.venues.open(this.robot);
    // The budget key names the venue key (platform, key, venue mode): another one means another key.
    if (current.budgetKey === prepared.session.budgetKey) return;
    this.log('warn', text('bots.keyChanged'));
    await this.cancelOwnOrders(this.clock.now() + this.settings.stopCancelMs);
    if (this.prepared === prepared) {
      // The old key's stream says nothing more to this bot; the new session subscribes its own.
      this.stopStreamed();
      this.prepared = null;
    }
    this.reconciled = false;
  }

  /**
   * The config the strategy decides with: a quoting bot's refresh tolerance widened while it places
   * faster than its budget (placement-budget.ts). The budget is its key's daily order cap, as the venue
   * reports it, shared among the key's running quoting bots; the simulator in process reports none and
   * its bots keep their configured tolerance.
   */
  private budgeted<C extends Record<string, unknown>>(config: C, session: VenueSession, now: number): C {
    const tolerance = this.quoting ? refreshToleranceOf(config) : null;
    if (tolerance === null) {
      this.churn = { tolerance: null, budget: null };
      return config;
    }
    const dailyOrderCap = this.prepared?.exchange.venueUsage?.()?.limits.orders1d ?? null;
    const budget = session.simulated && dailyOrderCap === null ? null : placementBudgetPerMinute({ simulated: session.simulated, dailyOrderCap, botsOnKey: this.deps.botsOnKey?.(session.budgetKey) ?? 1 });
    const bound = toleranceBound(tolerance.base, tolerance.halfSpread);
    const level = this.governor.adjust(now, budget, usefulLevels(tolerance.base, bound));
    const effective = widenedTolerance(tolerance.base, level, bound);
    this.churn = { tolerance: effective, budget };
    return withRefreshTolerance(config, effective);
  }

  private placedOne(at: number): void {
    this.live.placed(at);
    this.governor.placed(at);
    this.bucket.spend();
  }

  /**
   * A quoting bot with a placement budget places no faster than its bucket allows (placement-bucket.ts):
   * the innermost levels first, the rest deferred to a later tick with the orders they would replace
   * kept (cancels for safety still go). A deferred placement counts towards the governor's rate too,
   * so the tolerance widens while the bot wants more than its budget.
   */
  private withinBucket(intents: Intent[], executor: OrderExecutor, guard: GuardContext): Intent[] {
    const budget = this.churn.budget;
    if (budget === null) return intents;
    const now = this.clock.now();
    const wanted = intents.filter((i) => i.kind === 'place' || i.kind === 'replace').length;
    if (wanted === 0) return intents;
    // The ladder the tick asks for (its orders once its cancels and placements are sent): the first tick sizes the burst by it.
    const ladder = executor.liveCount - intents.filter((i) => i.kind === 'cancel').length + intents.filter((i) => i.kind === 'place').length;
    const allowed = this.bucket.available(now, budget, Math.max(0, ladder));
    const plan = deferPlacements({ intents, own: executor.ownOrders(), allowed, reference: guard.reference, maxDeviation: guard.maxDeviation });
    this.deferred.add(now, plan.deferred);
    this.governor.placed(now, plan.deferred);
    return plan.intents;
  }

  /** Session, metered venue, pair rules and executor: made once, on the first tick that needs them. */
  private async prepare(): Promise<Prepared> {
    if (this.prepared) return this.prepared;
    const { venues, budgets, journal, observer } = this.deps;
    const session = await venues.open(this.robot);
    const type = robotTypes[this.robot.type];
    // At start and at every resume (e.g. after the bot's key was switched to a live venue): catalogue code 1030034.
    if (type.simulationOnly && !session.simulated) {
      throw new StartRefused(text('bots.stopReason.simulationOnly', { type: `@${botTypeKey(this.robot.type)}`, code: ErrorCode.ROBOT_SIMULATION_ONLY }));
    }
    const exchange = budgets.wrap(withCallTimeout(session.exchange, this.settings.callTimeoutMs, this.clock), session.budgetKey);
    const market = (await exchange.loadMarkets()).find((m) => m.symbol === this.robot.symbol);
    if (!market) throw new Error(`the venue does not list ${this.robot.symbol}`);
    const rules: PairRules = {
      symbol: market.symbol,
      base: market.base,
      quote: market.quote,
      pricePrecision: market.pricePrecision,
      amountPrecision: market.amountPrecision,
      minAmount: market.minAmount,
      minNotional: market.minNotional,
      makerFee: market.makerFee,
      takerFee: market.takerFee,
    };
    const executor = new OrderExecutor({
      robot: this.robot,
      exchange,
      journal,
      rules,
      clock: this.clock,
      log: (level, message) => this.log(level, message),
      onFill: (fill) => this.filled(fill, rules),
      observer,
      simulated: session.simulated,
      adoptOrphans: type.quoting,
      notFoundAfterMs: this.settings.notFoundAfterMs,
      placementsClosed: () => this.halted || this.shuttingDown(),
      onPlacementAnswer: (at) => {
        if (this.answeredThisTick) return;
        this.answeredThisTick = true;
        observer?.tickToOrder?.(at - this.tickStartedAt);
      },
    });
    this.prepared = { session, exchange, rules, executor };
    // A live venue's user stream tells the bot's fills as they happen (only what it pushes: no reads).
    if (!session.simulated && !this.watchOnly && !this.halted && this.stopListening === null) {
      this.stopListening = exchange.subscribe(this.robot.symbol, (event) => this.heard(event), { market: false, pushedOnly: true });
    }
    return this.prepared;
  }

  private strategy(): AnyStrategy {
    const strategy = this.deps.strategies(this.robot.type);
    if (!strategy) throw new StartRefused(text('bots.stopReason.noStrategy', { type: this.robot.type }));
    return strategy;
  }

  /** The config checked against its type's schema once per run (a change comes as a new runner through apply). */
  private config(): Record<string, unknown> & { intervalMin: number; intervalMax: number } {
    if (this.parsedConfig) return this.parsedConfig;
    this.strategy();
    const parsed = robotTypes[this.robot.type].config.safeParse(this.robot.config);
    if (!parsed.success) throw new StartRefused(text('bots.stopReason.invalidConfig', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }));
    this.parsedConfig = parsed.data as Record<string, unknown> & { intervalMin: number; intervalMax: number };
    return this.parsedConfig;
  }

  /**
   * A trading-log line, stored as a server text (a plain string is kept verbatim). A warning or an
   * error counts among the run's errors unless `error` says otherwise; `kind` makes it the last action.
   */
  log(level: 'info' | 'warn' | 'error', message: string | ServerText, options: { kind?: RobotActionKind; error?: boolean } = {}): void {
    const { id, coinId, adminId } = this.robot;
    const at = this.clock.now();
    const line = typeof message === 'string' ? verbatim(message) : message;
    if (options.kind) this.live.action(at, options.kind, line);
    if (options.error ?? level !== 'info') this.live.error(at, line);
    this.deps.logs.write({ robotId: id, coinId, adminId, level, message: renderServerText(line, 'en_US'), text: line, at });
  }

  /** Refusals that repeat every tick (too small, too far, no reference) are logged once per run. */
  private logOnce(key: string, message: ServerText): void {
    if (this.loggedOnce.has(key)) return;
    this.loggedOnce.add(key);
    this.log('warn', message, { error: false });
  }
}

/**
 * The taker leg of a self-trade (simulation only): `next`, when `intent` is a resting self-trade leg
 * and `next` the IOC of the other side at the same price and amount that trades with it.
 */
export function selfTradeTaker(intent: PlaceIntent, next: Intent | undefined): PlaceIntent | null {
  if (intent.selfTrade !== true || (intent.timeInForce ?? 'GTC') === 'IOC' || next?.kind !== 'place' || next.selfTrade !== true) return null;
  if (next.timeInForce !== 'IOC' || next.side === intent.side || next.price !== intent.price || next.amount !== intent.amount) return null;
  return next;
}

type MarketSnapshotNeeds = ReturnType<AnyStrategy['needs']>['references'];

/** (best bid + best ask) / 2, the only side's best when one-sided, null for an empty book. */
function midOf(book: OrderBook): string | null {
  const bid = book.bids[0]?.[0];
  const ask = book.asks[0]?.[0];
  if (bid !== undefined && ask !== undefined) return div(add(bid, ask), '2', { decimals: 12, rounding: 'half-even' });
  return bid ?? ask ?? null;
}

/** The account's resting limit orders as a strategy reads them (market orders have no level to take off). */
function accountOrdersOf(open: readonly Order[]): AccountOrder[] {
  const out: AccountOrder[] = [];
  for (const o of open) {
    if (o.price !== null) out.push({ clientOrderId: o.clientOrderId, side: o.direction, price: o.price, amount: o.amount, filledAmount: o.filledAmount });
  }
  return out;
}

function balanceOf(balances: Balance[], asset: string): AssetBalance {
  const found = balances.find((b) => b.asset === asset);
  return found ? { available: found.available, total: found.total } : { available: '0', total: '0' };
}

/** The depth bots' inventory target (their professional options); null for a type without one, or when it is off. */
function inventoryTargetOf(config: Record<string, unknown>): string | null {
  const options = config.options as Record<string, unknown> | undefined;
  const target = options?.inventoryTarget ?? config.inventoryTarget;
  return typeof target === 'string' ? target : null;
}

function maxDeviationOf(config: Record<string, unknown>): string | null {
  return typeof config.maxDeviation === 'string' ? config.maxDeviation : null;
}

/** A 429/418 is the key's budget, not the bot's fault: the key backs off and the tick does not count as failed. */
function isRateLimited(err: unknown): boolean {
  return isExchangeError(err) && err.kind === 'rate_limited';
}

/** A reason as a param of another text: its template named by `@key` with its params beside it (a verbatim text as itself). */
/**
 * A monitor's notice in the trading log, "title: text", in each reader's language. A verbatim part
 * (a plain string from a strategy) makes the whole line verbatim: its `text` param would collide.
 */
export function noticeLine(title: ServerText, body: ServerText): ServerText {
  if (title.key === 'verbatim' || body.key === 'verbatim') return verbatim(`${renderServerText(title, 'en_US')}: ${renderServerText(body, 'en_US')}`);
  return text('monitor.notice', { ...title.params, ...body.params, title: `@${title.key}`, text: `@${body.key}` });
}

/** A reason as a param of another text (the contract's nestText). */
export const nest = nestText;

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
