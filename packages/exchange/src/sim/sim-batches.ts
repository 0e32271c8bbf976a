/**
 * Batching and journalling: every public change runs as one batch: state changes first, then its
 * command goes to the journal (when there is one), then the batch's events go out (order,
 * balances, trades, then at most one book per pair): at once without a journal, once the command
 * is durable with one.
 */
import { ExchangeError } from '../errors.ts';
import type { EventHub } from './sim-events.ts';
import { SimJournalError, type SimCommand, type SimJournal } from './sim-journal.ts';
import { nextBookUpdateId, type CorePair } from './sim-state.ts';
import { bookView, orderView, tradeView, type BalanceViews, type TradeRecord } from './sim-views.ts';
import type { OrderRecord, UserAccount } from './user-account.ts';

/** Depth of the book in 'book' events. */
const EVENT_BOOK_DEPTH = 20;

/** A command before the batch that runs it gives it its time. */
type UnstampedCommand = SimCommand extends infer C ? (C extends SimCommand ? Omit<C, 't'> : never) : never;

export interface Batch {
  readonly time: number;
  changed: boolean;
  readonly books: Set<CorePair>;
  readonly trades: Map<CorePair, TradeRecord[]>;
  /** Orders whose state changed, with their owner. */
  readonly orders: Map<OrderRecord, UserAccount>;
  readonly balances: Set<UserAccount>;
}

/** What a batch's events are made from and sent to. */
interface BatchAudience {
  readonly hub: EventHub;
  readonly balanceViews: BalanceViews;
  readonly pairs: ReadonlyMap<string, CorePair>;
}

export class CommandBatches {
  private batch: Batch | null = null;
  private journal: SimJournal | null = null;
  /** Settles once every command applied so far is durable (at once without a journal). */
  private durable: Promise<void> = Promise.resolve();
  /** While replaying: the time of the command being replayed. */
  private replayTime: number | null = null;

  constructor(
    private readonly now: () => number,
    private readonly audience: BatchAudience,
  ) {}

  /** The batch running now: what a change settles into. */
  get current(): Batch {
    if (this.batch === null) throw new Error('no batch is running');
    return this.batch;
  }

  /**
   * From now on every accepted command goes to `journal`, and nothing is answered or sent before
   * the journal says it is durable. Replay first: a venue takes one journal, once.
   */
  journalTo(journal: SimJournal): void {
    if (this.journal !== null) throw new Error('the simulator already writes a journal');
    this.journal = journal;
  }

  /** Applies commands a journal kept, each at its own time; throws a SimJournalError where one cannot be applied. */
  replay(commands: Iterable<SimCommand>, apply: (command: SimCommand) => void): void {
    if (this.journal !== null) throw new Error('replay before the journal is attached, not after');
    let index = 0;
    for (const command of commands) {
      this.replayTime = command.t;
      try {
        apply(command);
      } catch (err) {
        const what = err instanceof Error ? err.message : String(err);
        throw new SimJournalError(`command ${index} (${command.k} at ${command.t}) failed again: ${what}`, { cause: err });
      } finally {
        this.replayTime = null;
      }
      index++;
    }
  }

  /** Resolves to `value` once everything applied so far is durable. */
  whenDurable<T>(value: T): Promise<T> {
    if (this.journal === null) return Promise.resolve(value);
    return this.durable.then(
      () => value,
      (err: unknown) => {
        throw new ExchangeError('venue_error', 'The simulator could not save this change; try again.', {}, { cause: err });
      },
    );
  }

  /**
   * Runs `change` as one batch (or inside the batch already running), records its command in the
   * journal once it succeeded, then sends its events: after the command is durable, with a journal.
   */
  run<T>(command: UnstampedCommand | null, change: (batch: Batch) => T): T {
    if (this.batch !== null) return change(this.batch);
    const batch: Batch = {
      // Whole milliseconds: the snapshot keeps timestamps as integers.
      time: this.replayTime ?? Math.floor(this.now()),
      changed: false,
      books: new Set(),
      trades: new Map(),
      orders: new Map(),
      balances: new Set(),
    };
    this.batch = batch;
    try {
      const result = change(batch);
      if (command !== null && this.journal !== null && this.replayTime === null) {
        this.durable = this.journal.append({ ...command, t: batch.time } as SimCommand);
        // Whoever waits on it sees a failure; an unobserved one must not crash the process.
        this.durable.catch(() => undefined);
      }
      return result;
    } finally {
      this.batch = null;
      if (batch.changed) this.flush(batch);
    }
  }

  private flush(batch: Batch): void {
    const { hub, balanceViews, pairs } = this.audience;
    const deliveries: (() => void)[] = [];
    for (const pair of batch.books) pair.bookUpdateId = nextBookUpdateId(pair.bookUpdateId, batch.time);
    for (const [record, user] of batch.orders) {
      if (!hub.watchesAccount(user.ledgerId)) continue;
      const pair = pairs.get(record.symbol) as CorePair;
      const event = { type: 'order', symbol: record.symbol, order: orderView(pair.setup, record) } as const;
      deliveries.push(() => hub.toAccountPair(user.ledgerId, record.symbol, event));
    }
    for (const user of batch.balances) {
      if (!hub.watchesAccount(user.ledgerId)) continue;
      const event = { type: 'balances', balances: balanceViews.of(user.ledgerId) } as const;
      deliveries.push(() => hub.toAccount(user.ledgerId, event));
    }
    for (const [pair, trades] of batch.trades) {
      const symbol = pair.setup.config.symbol;
      if (!hub.watchesPair(symbol)) continue;
      // Newest first, like fetchTrades.
      const event = { type: 'trades', symbol, trades: trades.map((t) => tradeView(pair.setup, t)).reverse() } as const;
      deliveries.push(() => hub.toPair(symbol, event));
    }
    for (const pair of batch.books) {
      const symbol = pair.setup.config.symbol;
      if (!hub.watchesPair(symbol)) continue;
      const event = { type: 'book', symbol, book: bookView(pair.setup, pair.book.book, EVENT_BOOK_DEPTH, batch.time, pair.bookUpdateId) } as const;
      deliveries.push(() => hub.toPair(symbol, event));
    }
    if (deliveries.length === 0) return;
    const send = (): void => {
      for (const deliver of deliveries) deliver();
    };
    if (this.journal === null) send();
    // What the journal has not kept yet is shown to nobody; what it can never keep, never.
    else this.durable.then(send, () => undefined);
  }
}
