import { createDefaultSimVenue, isOwnClientOrderId, type Exchange, type Order, type SimVenue, type VenueUsage } from '@makerdesk/exchange';
import type { EngineObserver, RobotRecord, VenueSessions } from '../ports.ts';
import { createBotEngine, type BotEngineOptions } from '../runtime/bot-engine.ts';
import type { BotEngineApi, EngineDeps, RateBudgets, StrategyRegistry } from '../runtime/engine-api.ts';
import { createRateBudgets } from '../runtime/rate-budget.ts';
import { interceptExchange } from '../runtime/intercept-exchange.ts';
import { FakeClock } from './fake-clock.ts';
import { FaultyExchange } from './faulty-exchange.ts';
import { MemoryOrderJournal } from './memory-order-journal.ts';
import { MemoryRobotStore } from './memory-robot-store.ts';
import { MemoryTradingLog } from './memory-trading-log.ts';

export const SIM_T0 = 1_700_000_000_000;

/**
 * The engine over the real simulator, every venue key behind a FaultyExchange, on a fake clock:
 * what the engine's fault tests and the bench build on. `restart` makes a second engine over the
 * same journal, store and venue (the first one is left frozen on its own clock: a crashed process).
 */
export class SimHarness {
  clock: FakeClock;
  readonly venue: SimVenue;
  readonly store: MemoryRobotStore;
  readonly journal = new MemoryOrderJournal();
  readonly logs = new MemoryTradingLog();
  readonly observed: { activity: [number, string][]; ticks: [number, number, boolean][]; venueErrors: string[]; tickToOrder: number[] } = {
    activity: [],
    ticks: [],
    venueErrors: [],
    tickToOrder: [],
  };
  budgets: RateBudgets;
  engine: BotEngineApi;
  /** Whether sessions are the simulator; a test switches it to play a key moved to a live venue. */
  simulated: boolean;
  private readonly venues = new Map<string, FaultyExchange>();

  constructor(
    private readonly strategies: StrategyRegistry,
    robots: RobotRecord[],
    private readonly options: BotEngineOptions & {
      seed?: number;
      keyOf?: (robot: RobotRecord) => string;
      simulated?: boolean;
      batchCancel?: boolean;
      ports?: Pick<EngineDeps, 'alerts' | 'pairGuard' | 'pairFigures' | 'feedIncidents'>;
      /** This process's share of each key's limits (several servers sharing the keys); 1 when left out. */
      shareOf?: (budgetKey: string) => number;
      /** The daily order cap each key's venue reports (as Binance's headers do); none when left out. */
      dailyOrderCap?: number;
      /** What stands between each key's account and the engine (a venue's limits, binance-limited-venue.ts); nothing when left out. */
      wrapVenue?: (exchange: Exchange, apiKey: string) => Exchange;
      /** The rate budget's key of an API key: `sim:<key>` (the simulator's budget) when left out, another prefix a live venue's budget (rate-budget.ts). */
      budgetKeyOf?: (apiKey: string) => string;
    } = {},
  ) {
    this.clock = new FakeClock(SIM_T0);
    this.venue = createDefaultSimVenue({ seed: options.seed ?? 1, now: () => this.clock.now() });
    this.store = new MemoryRobotStore(robots);
    this.store.liveOrdersOf = (robotId) => this.journal.live(robotId);
    this.simulated = options.simulated ?? true;
    this.budgets = this.newBudgets();
    this.engine = this.createEngine();
  }

  private newBudgets(): RateBudgets {
    return createRateBudgets({ clock: this.clock, ...(this.options.shareOf ? { shareOf: this.options.shareOf } : {}) });
  }

  /** The scripted venue of an API key (one account per key). */
  key(apiKey: string): FaultyExchange {
    let faulty = this.venues.get(apiKey);
    if (!faulty) {
      faulty = new FaultyExchange(this.venue.account(apiKey), this.options.batchCancel === undefined ? undefined : { batchCancel: this.options.batchCancel });
      this.venues.set(apiKey, faulty);
    }
    return faulty;
  }

  /** A crash: the running engine is frozen on its clock and a new engine starts over the same journal, store and venue. */
  async restart(): Promise<BotEngineApi> {
    this.clock = new FakeClock(this.clock.now());
    this.budgets = this.newBudgets();
    this.engine = this.createEngine();
    await this.engine.start();
    return this.engine;
  }

  /** The account's orders (open and recent closed) that carry a bot's scope. */
  async venueOrders(apiKey: string, robotId: number, symbol: string): Promise<Order[]> {
    const account = this.venue.account(apiKey);
    const all = [...(await account.fetchOpenOrders(symbol)), ...(await account.fetchClosedOrders(symbol, { limit: 1000 }))];
    return all.filter((o) => isOwnClientOrderId(o.clientOrderId, `b${robotId}`));
  }

  /** Another engine over the same store, journal, venue and clock: a second server process. */
  newEngine(): BotEngineApi {
    return this.createEngine();
  }

  /** The key's venue as one that reports its daily order cap (none used yet), when the harness has one. */
  private withCap(exchange: Exchange): Exchange {
    const cap = this.options.dailyOrderCap;
    if (cap === undefined) return exchange;
    const usage = (): VenueUsage => ({ usedWeight1m: null, orderCount10s: null, orderCount1d: null, limits: { weight1m: null, orders10s: null, orders1d: cap }, at: this.clock.now() });
    return Object.assign(interceptExchange(exchange, (_method, send) => send()), { venueUsage: usage });
  }

  private createEngine(): BotEngineApi {
    const observer: EngineObserver = {
      activity: (id, a) => this.observed.activity.push([id, a]),
      tick: (id, ms, ok) => this.observed.ticks.push([id, ms, ok]),
      venueError: (kind) => this.observed.venueErrors.push(kind),
      tickToOrder: (ms) => this.observed.tickToOrder.push(ms),
    };
    const keyOf = this.options.keyOf ?? (() => 'mm');
    const venues: VenueSessions = {
      open: async (robot) => {
        const apiKey = keyOf(robot);
        const exchange = this.withCap(this.key(apiKey).exchange);
        return { exchange: this.options.wrapVenue?.(exchange, apiKey) ?? exchange, budgetKey: this.options.budgetKeyOf?.(apiKey) ?? `sim:${apiKey}`, simulated: this.simulated };
      },
    };
    return createBotEngine(
      {
        robots: this.store,
        journal: this.journal,
        logs: this.logs,
        venues,
        references: { book: async (source, depth) => this.venue.referenceBook(source.symbol, depth) },
        strategies: this.strategies,
        budgets: this.budgets,
        clock: this.clock,
        observer,
        ...this.options.ports,
      },
      this.options,
    );
  }
}
