import pg from 'pg';
import { LocalClusterBus, type ClusterBus, type ClusterListener } from '../bus/cluster-bus.ts';
import { NOTICE_MAX_BYTES, outboundMessage, parseNotice, partCapacity, PartAssembler, takeNotices, type NoticeCounters } from './notice-codec.ts';
import { OutboundQueue, type OutboundQueueLimits } from './outbound-queue.ts';

export const BUS_CHANNEL = 'makerdesk_bus';

export interface BusLog {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface PgClusterBusOptions {
  url: string;
  nodeId: string;
  log?: BusLog;
  /** The NOTIFY channel (an SQL identifier); `makerdesk_bus` by default. */
  channel?: string;
  /** How long a publish waits for others to share its notice. */
  batchMs?: number;
  /** Largest notice (bytes of UTF-8); PostgreSQL's limit by default, smaller in tests. */
  maxNoticeBytes?: number;
  /** Most queued while the database cannot be reached; the oldest go first. */
  queue?: OutboundQueueLimits;
  /** A larger message is refused at publish (reported, not thrown). */
  maxMessageBytes?: number;
  /** Parts of a split message that stop arriving for this long are dropped. */
  partTimeoutMs?: number;
  /** Waits between attempts to reconnect or resend: doubling from `minMs` up to `maxMs`. */
  backoff?: { minMs: number; maxMs: number };
  /** How long close() waits for what is queued to go out. */
  closeFlushMs?: number;
  /** How often the listening connection is checked (a connection that died silently never says so). */
  pingMs?: number;
  /** A query (send, listen, check) that takes longer fails, and its connection is replaced. */
  queryTimeoutMs?: number;
}

/** What the bus has done since it opened (metrics, tests). */
export interface PgClusterBusStats {
  messagesPublished: number;
  noticesSent: number;
  noticesReceived: number;
  malformedNotices: number;
  droppedMessages: number;
  reconnects: number;
}

/**
 * The cluster bus over PostgreSQL `LISTEN/NOTIFY` (the interface in bus/cluster-bus.ts; wire format in notice-codec.ts).
 *
 * - Listening: one dedicated connection (not the app's pool) runs `LISTEN makerdesk_bus`. When it
 *   ends (a restart, `pg_terminate_backend`) the bus reconnects with backoff, listens again and
 *   calls its `onReconnect` listeners, since notices sent meanwhile were missed.
 * - Publishing: a pool of its own with one connection sends `pg_notify`. It is apart from the
 *   listening connection so a publish never waits for the listener's reconnection, and the pool
 *   replaces a broken connection on the next send by itself; apart from the app's pool so busy
 *   requests never hold up notices nor notices take their connections. One connection and one
 *   send at a time keep a node's notices in order.
 * - Batching: a publish is queued; after `batchMs` (at once when a notice's worth is queued) the
 *   queue goes out as few notices as fit. While sends fail the queue is kept (bounded, oldest
 *   dropped with a warning) and sent again with backoff.
 * - Delivery: this node's listeners hear its own messages at publish, on the next microtask, as
 *   with LocalClusterBus (and even while the database is away); its own notices coming back
 *   through LISTEN are ignored. Other nodes' messages are delivered on arrival, in their order.
 */
export class PgClusterBus implements ClusterBus {
  readonly nodeId: string;
  readonly stats: PgClusterBusStats = { messagesPublished: 0, noticesSent: 0, noticesReceived: 0, malformedNotices: 0, droppedMessages: 0, reconnects: 0 };
  private readonly url: string;
  private readonly log: BusLog;
  private readonly channel: string;
  private readonly batchMs: number;
  private readonly maxNoticeBytes: number;
  private readonly maxMessageBytes: number;
  private readonly backoff: { minMs: number; maxMs: number };
  private readonly closeFlushMs: number;
  private readonly connection: pg.ClientConfig;
  private readonly local: LocalClusterBus;
  private readonly queue: OutboundQueue;
  private readonly assembler: PartAssembler;
  private readonly partTimeoutMs: number;
  private readonly counters: NoticeCounters = { seq: 0, partId: 0 };
  private readonly publisher: pg.Pool;
  private readonly reconnectListeners = new Set<() => void>();
  private readonly waiters: { target: number; resolve: () => void }[] = [];
  private localPending: Promise<void> = Promise.resolve();
  private listener: pg.Client | null = null;
  private sending: Promise<void> | null = null;
  private batchTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly pingTimer: NodeJS.Timeout;
  private reconnectAttempts = 0;
  private sendFailures = 0;
  private warnedDrop = false;
  private closing: Promise<void> | null = null;

  private constructor(options: PgClusterBusOptions) {
    this.url = options.url;
    this.nodeId = options.nodeId;
    this.log = options.log ?? { warn: () => undefined, error: () => undefined };
    this.channel = options.channel ?? BUS_CHANNEL;
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(this.channel)) throw new Error(`not a channel name: ${this.channel}`);
    this.batchMs = options.batchMs ?? 5;
    this.maxNoticeBytes = options.maxNoticeBytes ?? NOTICE_MAX_BYTES;
    this.maxMessageBytes = options.maxMessageBytes ?? 1024 * 1024;
    this.backoff = options.backoff ?? { minMs: 100, maxMs: 5000 };
    this.closeFlushMs = options.closeFlushMs ?? 2000;
    this.local = new LocalClusterBus(this.nodeId, (err) => this.log.error({ err }, 'a cluster bus listener failed'));
    this.queue = new OutboundQueue(options.queue ?? { maxMessages: 10_000, maxBytes: 8 * 1024 * 1024 });
    this.partTimeoutMs = options.partTimeoutMs ?? 30_000;
    this.assembler = new PartAssembler({
      timeoutMs: this.partTimeoutMs,
      maxParts: Math.ceil(this.maxMessageBytes / partCapacity(this.nodeId, this.maxNoticeBytes)) + 1,
      maxPending: 64,
      now: Date.now,
    });
    const timeout = options.queryTimeoutMs ?? 10_000;
    this.connection = { connectionString: this.url, keepAlive: true, connectionTimeoutMillis: timeout, query_timeout: timeout };
    this.publisher = new pg.Pool({ ...this.connection, max: 1, idleTimeoutMillis: 0, application_name: `makerdesk-bus-send ${this.nodeId}`.slice(0, 63) });
    // A broken idle connection is dropped by the pool and the next send opens another (so is one whose send failed).
    this.publisher.on('error', () => undefined);
    this.pingTimer = setInterval(() => this.ping(), options.pingMs ?? 30_000);
    this.pingTimer.unref();
  }

  /** Opens the bus: resolves once it is listening (throws if the database cannot be reached). */
  static async open(options: PgClusterBusOptions): Promise<PgClusterBus> {
    const bus = new PgClusterBus(options);
    try {
      await bus.listen();
      // The publishing connection opens now too, so the first publish does not wait for it.
      await bus.publisher.query('select 1');
    } catch (err) {
      bus.closing = Promise.resolve();
      clearInterval(bus.pingTimer);
      const listener = bus.listener;
      bus.listener = null;
      await listener?.end().catch(() => undefined);
      await bus.publisher.end().catch(() => undefined);
      throw err;
    }
    return bus;
  }

  /** Split messages whose parts are still arriving (tests: none is kept past the timeout). */
  get partialMessages(): number {
    return this.assembler.size;
  }

  publish(topic: string, payload: unknown): void {
    if (this.closing) {
      this.log.warn({ topic }, 'cluster bus: a message published after close was dropped');
      return;
    }
    let message;
    let copy: unknown;
    try {
      message = outboundMessage(topic, payload);
      copy = (JSON.parse(message.json) as [string, unknown])[1];
    } catch (err) {
      this.log.error({ err, topic }, 'cluster bus: a message that is not JSON was dropped');
      return;
    }
    if (message.bytes > this.maxMessageBytes) {
      this.log.error({ topic, bytes: message.bytes }, 'cluster bus: a message larger than the bus takes was dropped');
      return;
    }
    this.stats.messagesPublished += 1;
    this.localPending = this.localPending.then(() => this.local.deliver(topic, copy, this.nodeId));
    const dropped = this.queue.push(message);
    if (dropped > 0) this.dropped(dropped);
    if (this.queue.bytes >= this.maxNoticeBytes) this.send();
    else this.batchTimer ??= setTimeout(() => this.send(), this.batchMs);
  }

  async flush(): Promise<void> {
    const target = this.queue.accepted;
    const delivered = this.localPending;
    if (this.queue.done < target) {
      const sent = new Promise<void>((resolve) => this.waiters.push({ target, resolve }));
      this.send();
      await sent;
    }
    await delivered;
  }

  subscribe<T = unknown>(topic: string, listener: ClusterListener<T>): () => void {
    return this.local.subscribe(topic, listener);
  }

  onReconnect(listener: () => void): () => void {
    const entry = () => listener();
    this.reconnectListeners.add(entry);
    return () => this.reconnectListeners.delete(entry);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.flush(), new Promise((resolve) => (timer = setTimeout(resolve, this.closeFlushMs)))]);
    clearTimeout(timer);
    clearInterval(this.pingTimer);
    for (const t of [this.batchTimer, this.retryTimer, this.reconnectTimer, this.sweepTimer]) clearTimeout(t);
    this.batchTimer = this.retryTimer = this.reconnectTimer = this.sweepTimer = undefined;
    // A send under way ends (a failure now gives up the queue); what it could not send is dropped.
    await this.sending;
    if (this.queue.length > 0) this.dropAll();
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
    const listener = this.listener;
    this.listener = null;
    if (listener) {
      await listener.query(`unlisten ${this.channel}`).catch(() => undefined);
      await listener.end().catch(() => undefined);
    }
    await this.publisher.end().catch(() => undefined);
    this.assembler.clear();
    this.reconnectListeners.clear();
    await this.local.close();
  }

  // --- sending -------------------------------------------------------------------------------

  /** Starts sending what is queued now, unless a send (or a wait before resending) is under way. */
  private send(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    if (this.sending || this.retryTimer) return;
    this.sending = this.sendQueued().finally(() => {
      this.sending = null;
      // Published after the loop saw an empty queue and before this ran (a listener on a microtask).
      if (this.queue.length > 0 && !this.retryTimer) this.send();
    });
  }

  private async sendQueued(): Promise<void> {
    while (this.queue.length > 0) {
      const { items, start } = this.queue.window();
      const { notices, taken } = takeNotices(items, start, this.nodeId, this.counters, this.maxNoticeBytes);
      try {
        for (const notice of notices) {
          await this.publisher.query('select pg_notify($1, $2)', [this.channel, notice]);
          this.stats.noticesSent += 1;
        }
      } catch (err) {
        this.sendFailures += 1;
        if (this.sendFailures === 1) this.log.warn({ err: (err as Error).message, queued: this.queue.length }, 'cluster bus: cannot send notices; keeping them and retrying');
        if (this.closing) this.dropAll();
        else this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.send();
        }, this.delay(this.sendFailures));
        return;
      }
      if (this.sendFailures > 0) this.log.warn({ after: this.sendFailures }, 'cluster bus: sending notices again');
      this.sendFailures = 0;
      this.warnedDrop = false;
      this.queue.shift(taken);
      this.settleWaiters();
    }
  }

  private dropped(count: number): void {
    this.stats.droppedMessages += count;
    if (!this.warnedDrop) this.log.warn({ dropped: count, queued: this.queue.length }, 'cluster bus: queue full while notices cannot be sent; dropping the oldest');
    this.warnedDrop = true;
    this.settleWaiters();
  }

  /** Closing while the database is away: what could not be sent within the close limit is given up. */
  private dropAll(): void {
    const count = this.queue.length;
    this.queue.shift(count);
    this.dropped(count);
  }

  private settleWaiters(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (waiter.target > this.queue.done) continue;
      this.waiters.splice(i, 1);
      waiter.resolve();
    }
  }

  private delay(attempt: number): number {
    const base = Math.min(this.backoff.maxMs, this.backoff.minMs * 2 ** Math.min(attempt - 1, 20));
    return Math.round(base * (0.5 + Math.random() / 2));
  }

  // --- listening -----------------------------------------------------------------------------

  private async listen(): Promise<void> {
    const client = new pg.Client({ ...this.connection, application_name: `makerdesk-bus ${this.nodeId}`.slice(0, 63) });
    client.on('notification', (notification) => {
      if (notification.channel === this.channel) this.arrive(notification.payload ?? '');
    });
    client.on('error', (err) => this.listenerLost(client, err));
    client.on('end', () => this.listenerLost(client));
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    this.listener = client;
  }

  private listenerLost(client: pg.Client, err?: Error): void {
    if (this.listener !== client) return;
    this.listener = null;
    void client.end().catch(() => undefined);
    if (this.closing) return;
    this.log.warn({ err: err?.message }, 'cluster bus: its listening connection ended; reconnecting');
    this.scheduleReconnect();
  }

  /** A listening connection that no longer answers is replaced as one that ended would be. */
  private ping(): void {
    const client = this.listener;
    if (!client || this.closing) return;
    client.query('select 1').catch((err: unknown) => this.listenerLost(client, err as Error));
  }

  private scheduleReconnect(): void {
    this.reconnectAttempts += 1;
    this.reconnectTimer = setTimeout(() => void this.reconnect(), this.delay(this.reconnectAttempts));
  }

  private async reconnect(): Promise<void> {
    this.reconnectTimer = undefined;
    if (this.closing) return;
    try {
      await this.listen();
    } catch (err) {
      if (this.reconnectAttempts === 1) this.log.warn({ err: (err as Error).message }, 'cluster bus: cannot listen again yet; retrying');
      if (!this.closing) this.scheduleReconnect();
      return;
    }
    if (this.closing) {
      const listener = this.listener;
      this.listener = null;
      await listener?.end().catch(() => undefined);
      return;
    }
    this.log.warn({ attempts: this.reconnectAttempts }, 'cluster bus: listening again (notices sent meanwhile were missed)');
    this.reconnectAttempts = 0;
    this.stats.reconnects += 1;
    // Parts sent while away are missing: their messages cannot be completed.
    this.assembler.clear();
    for (const listener of [...this.reconnectListeners]) {
      try {
        listener();
      } catch (err) {
        this.log.error({ err }, 'a cluster bus reconnect listener failed');
      }
    }
  }

  /** A notice arrived: delivered to this node's listeners unless it is this node's own. Never throws. */
  private arrive(text: string): void {
    this.stats.noticesReceived += 1;
    const notice = parseNotice(text);
    if (!notice) {
      this.stats.malformedNotices += 1;
      this.log.warn({ bytes: Buffer.byteLength(text, 'utf8') }, 'cluster bus: ignored a notice that is not one of its own format');
      return;
    }
    if (notice.from === this.nodeId) return;
    if (notice.kind === 'batch') {
      for (const [topic, payload] of notice.messages) this.local.deliver(topic, payload, notice.from);
      return;
    }
    const joined = this.assembler.add(notice);
    if (joined === 'invalid') {
      this.stats.malformedNotices += 1;
      this.log.warn({ from: notice.from, part: notice.index, count: notice.count }, 'cluster bus: dropped a split message (a part is missing or malformed)');
    } else if (joined) this.local.deliver(joined[0], joined[1], notice.from);
    this.sweepLater();
  }

  /** Parts that stop arriving are dropped after the timeout even if no other notice comes. */
  private sweepLater(): void {
    if (this.sweepTimer || this.assembler.size === 0) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = undefined;
      this.assembler.sweep();
      this.sweepLater();
    }, Math.min(1000, this.partTimeoutMs));
    this.sweepTimer.unref();
  }
}

/** The bus of a server on PostgreSQL `url`, listening once this resolves. */
export function openPgClusterBus(url: string, nodeId: string, log?: BusLog): Promise<PgClusterBus> {
  return PgClusterBus.open({ url, nodeId, ...(log ? { log } : {}) });
}
