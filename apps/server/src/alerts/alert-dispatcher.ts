import { renderServerText, text, type AlertLevel, type DeliveryFailure, type ServerText } from '@makerdesk/contract';
import type { AlertChannelRow, AlertDeliveryRow, AlertRow, DeliveryClaim, PendingDelivery } from '../repositories/alert.repository.ts';
import type { Repositories } from '../repositories/repositories.ts';
import { systemClock, type AlertClock } from './clock.ts';
import { failureText } from './delivery-failure.ts';
import { DEFAULT_DELIVERY_POLICY, nextAttemptAt, retryDelay, type DeliveryPolicy } from './delivery-policy.ts';
import { channelTarget, type ChannelSender, type OpenedChannel, type SendOutcome } from './senders.ts';

/** What a monitor (or anything else) reports. The alert goes to every enabled channel of `adminId`. */
export interface RaiseAlert {
  /** The account whose channels carry it (the bot's owner). */
  adminId: number;
  coinId: number;
  robotId?: number | null;
  level: AlertLevel;
  /** The title and text in English, kept for readers of the alert before texts had keys. */
  title: string;
  text: string;
  /** The title and text as server texts: each channel gets them in its language, each reader in theirs. */
  message?: { title: ServerText; text: ServerText };
}

export interface RaisedAlert {
  alertId: number;
  /** One per enabled channel, pending: they are sent in the background. */
  deliveries: { id: number; channelId: number | null }[];
}

export interface AlertDispatcherDeps {
  repos: Pick<Repositories, 'alerts' | 'tradingLogs' | 'coins'>;
  /** Opens a channel's sealed secret for one attempt. */
  openChannel: (row: AlertChannelRow) => OpenedChannel;
  send: ChannelSender;
  clock?: AlertClock;
  policy?: Partial<DeliveryPolicy>;
  log?: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /**
   * This server's node id: with several servers on one PostgreSQL each sends only the deliveries it
   * claimed (those it raised, and those whose server stopped or died). One server: any fixed id.
   */
  nodeId?: string;
  /** How long a claim lasts without renewal (database time): a dead server's deliveries wait this long at most. */
  claimMs?: number;
  /** How often claims are renewed and deliveries left by other servers looked for. */
  sweepMs?: number;
}

export const ALERT_CLAIM_MS = 60_000;
export const ALERT_SWEEP_MS = 15_000;

interface QueuedDelivery {
  delivery: AlertDeliveryRow;
  alert: AlertRow;
  /** Not before this time (epoch ms): the end of its back-off. */
  notBefore: number;
  /** A test message goes through a switched-off channel too. */
  evenIfSwitchedOff: boolean;
}

interface ChannelQueue {
  items: QueuedDelivery[];
  running: boolean;
  lastAttemptAt?: number;
}

const TITLE_MAX = 200;
const TEXT_MAX = 4000;

/**
 * Persists alerts and delivers them through the owner's channels. One queue per channel, worked one
 * delivery at a time in order: attempts on a channel are at least `minIntervalMs` apart (chat apps
 * allow about one message a second per chat); a failed attempt that may succeed later is retried
 * with exponential back-off (or the receiver's retry-after when longer) up to `maxAttempts`, and
 * later deliveries of that channel wait behind it, so order and the receiver's rate limit are kept.
 * Every outcome (sent, retrying, failed, and why) goes to the pair's trading log.
 *
 * Deliveries are rows before they are queued: at `close()` the attempt in flight finishes and the
 * rest stay pending in the database; `start()` resumes every pending delivery.
 */
export class AlertDispatcher {
  private readonly queues = new Map<number, ChannelQueue>();
  private readonly waiters = new Map<number, ((row: AlertDeliveryRow) => void)[]>();
  private readonly clock: AlertClock;
  readonly policy: DeliveryPolicy;
  private closing = false;
  private stop!: () => void;
  private readonly stopped = new Promise<void>((resolve) => (this.stop = resolve));
  private readonly running = new Set<Promise<void>>();
  private readonly claim: DeliveryClaim;
  private readonly sweepMs: number;
  private sweeping = false;

  constructor(private readonly deps: AlertDispatcherDeps) {
    this.clock = deps.clock ?? systemClock;
    this.policy = { ...DEFAULT_DELIVERY_POLICY, ...deps.policy };
    this.claim = { nodeId: deps.nodeId ?? 'local', ms: deps.claimMs ?? ALERT_CLAIM_MS };
    this.sweepMs = deps.sweepMs ?? ALERT_SWEEP_MS;
  }

  /**
   * Resumes the deliveries nobody holds (left pending by a restart, a crash, or another server that
   * stopped), then keeps doing so, and keeps this server's claims alive, every `sweepMs`.
   */
  async start(): Promise<number> {
    // Claims under this node id from before this start (a crash, with the fixed id of a single
    // server) are nobody's now: let go of them so the sweep below queues them again.
    await this.deps.repos.alerts.releaseClaims(this.claim.nodeId);
    const resumed = await this.sweep();
    if (!this.sweeping && !this.closing) {
      this.sweeping = true;
      const loop = this.sweepLoop();
      this.running.add(loop);
      void loop.finally(() => this.running.delete(loop));
    }
    return resumed;
  }

  /** Renews this server's claims, then claims and queues what is free; answers how many it queued. */
  private async sweep(): Promise<number> {
    await this.deps.repos.alerts.renewClaims(this.claim);
    const pending = await this.deps.repos.alerts.claimPendingDeliveries(this.claim);
    for (const item of pending) this.enqueue(item, item.alert);
    return pending.length;
  }

  private async sweepLoop(): Promise<void> {
    while (!this.closing) {
      await Promise.race([this.clock.sleep(this.sweepMs), this.stopped]);
      if (this.closing) return;
      await this.sweep().catch((err: unknown) => this.deps.log?.warn({ err }, 'alert delivery sweep failed; trying again at the next one'));
    }
  }

  /**
   * Records the alert with one pending delivery per enabled channel of the account and answers at
   * once; sending happens in the background. `only` sends it through that one channel of the
   * account instead, switched on or not (the test-message button).
   */
  async raise(input: RaiseAlert, only?: { channelId: number }): Promise<RaisedAlert> {
    let channels: AlertChannelRow[];
    if (only) {
      const channel = await this.deps.repos.alerts.findOwnedChannel(only.channelId, input.adminId);
      channels = channel ? [channel] : [];
    } else {
      channels = await this.deps.repos.alerts.listEnabledChannels(input.adminId);
    }
    const record = await this.deps.repos.alerts.insertAlert(
      {
        adminId: input.adminId,
        coinId: input.coinId,
        robotId: input.robotId ?? null,
        level: input.level,
        title: input.title.slice(0, TITLE_MAX),
        text: input.text.slice(0, TEXT_MAX),
        message: input.message ?? null,
      },
      channels.map((c) => ({ channelId: c.id, channelKind: c.kind, channelName: channelLabel(c) })),
      // Raised while closing: left for whichever server sweeps next.
      this.closing ? undefined : this.claim,
    );
    const { deliveries, ...alert } = record;
    for (const delivery of deliveries) this.enqueue(delivery, alert, only !== undefined);
    return { alertId: alert.id, deliveries: deliveries.map((d) => ({ id: d.id, channelId: d.channelId })) };
  }

  /** The delivery once it is sent or given up, or as it stands after `timeoutMs`. */
  async settled(deliveryId: number, timeoutMs: number): Promise<AlertDeliveryRow | undefined> {
    const current = await this.deps.repos.alerts.findDelivery(deliveryId);
    if (!current || current.status !== 'pending') return current;
    const final = new Promise<AlertDeliveryRow>((resolve) => this.waiters.set(deliveryId, [...(this.waiters.get(deliveryId) ?? []), resolve]));
    const outcome = await Promise.race([final, this.clock.sleep(timeoutMs).then(() => undefined), this.stopped.then(() => undefined)]);
    return outcome ?? this.deps.repos.alerts.findDelivery(deliveryId);
  }

  /**
   * Stops taking new attempts; the one in flight on each channel finishes. Pending rows stay, let go
   * of: another server's next sweep, or the next start, sends them.
   */
  async close(): Promise<void> {
    this.closing = true;
    this.stop();
    await Promise.allSettled([...this.running]);
    await this.deps.repos.alerts.releaseClaims(this.claim.nodeId).catch((err: unknown) => this.deps.log?.warn({ err }, 'pending alert deliveries not let go of; they are taken over when their claim runs out'));
  }

  /** How many deliveries wait in memory (all channels). */
  get backlog(): number {
    let n = 0;
    for (const queue of this.queues.values()) n += queue.items.length;
    return n;
  }

  private enqueue(delivery: AlertDeliveryRow | PendingDelivery, alert: AlertRow, evenIfSwitchedOff = false): void {
    if (this.closing) return;
    if (delivery.channelId !== null && this.queues.get(delivery.channelId)?.items.some((i) => i.delivery.id === delivery.id)) return;
    if (delivery.channelId === null) {
      void this.finish({ delivery, alert, notBefore: 0, evenIfSwitchedOff }, 'failed', delivery.attempts, { code: 'channel_deleted' });
      return;
    }
    // Queues stay once made: the throttle needs each channel's last attempt time.
    const queue = this.queues.get(delivery.channelId) ?? { items: [] as QueuedDelivery[], running: false };
    this.queues.set(delivery.channelId, queue);
    queue.items.push({ delivery, alert, notBefore: 0, evenIfSwitchedOff });
    this.pump(delivery.channelId, queue);
  }

  private pump(channelId: number, queue: ChannelQueue): void {
    if (queue.running || this.closing) return;
    queue.running = true;
    const run = this.work(channelId, queue)
      .catch((err: unknown) => {
        // The database did not answer: the delivery stays first and is tried again later, not in a tight loop.
        this.deps.log?.error({ err, channelId }, 'alert delivery queue failed');
        const head = queue.items[0];
        if (head) head.notBefore = this.clock.now() + this.policy.backoffMaxMs;
      })
      .finally(() => {
        queue.running = false;
        this.running.delete(run);
        // A delivery queued while the worker was finishing.
        if (queue.items.length > 0) this.pump(channelId, queue);
      });
    this.running.add(run);
  }

  private async work(channelId: number, queue: ChannelQueue): Promise<void> {
    while (queue.items.length > 0 && !this.closing) {
      const item = queue.items[0]!;
      const wait = nextAttemptAt(queue.lastAttemptAt, item.notBefore, this.policy) - this.clock.now();
      if (wait > 0) await Promise.race([this.clock.sleep(wait), this.stopped]);
      if (this.closing) return;
      // Another server took it over (this one was stalled past its claim): it is that server's to send.
      if (!(await this.deps.repos.alerts.holdClaim(item.delivery.id, this.claim))) {
        queue.items.shift();
        continue;
      }

      const channel = await this.deps.repos.alerts.findChannel(channelId);
      if (!channel || (!channel.enabled && !item.evenIfSwitchedOff)) {
        queue.items.shift();
        await this.finish(item, 'failed', item.delivery.attempts, { code: channel ? 'switched_off' : 'channel_deleted' });
        continue;
      }
      const attempt = item.delivery.attempts + 1;
      let opened: OpenedChannel;
      try {
        opened = this.deps.openChannel(channel);
      } catch {
        queue.items.shift();
        await this.finish(item, 'failed', attempt, { code: 'secret_unreadable' });
        continue;
      }
      const message = {
        alertId: item.alert.id,
        deliveryId: item.delivery.id,
        level: item.alert.level,
        // In the channel's language when the alert has server texts; as stored (English) otherwise.
        title: item.alert.message ? renderServerText(item.alert.message.title, channel.lang).slice(0, TITLE_MAX) : item.alert.title,
        text: item.alert.message ? renderServerText(item.alert.message.text, channel.lang).slice(0, TEXT_MAX) : item.alert.text,
        coinId: item.alert.coinId,
        coinName: (await this.deps.repos.coins.findById(item.alert.coinId))?.coinName ?? `#${item.alert.coinId}`,
        robotId: item.alert.robotId,
        createdAt: item.alert.createdAt.getTime(),
      };
      const outcome: SendOutcome = await this.deps.send(opened, message).catch((err: unknown) => {
        this.deps.log?.error({ err, deliveryId: item.delivery.id }, 'alert sender failed');
        return { ok: false, retryable: true, reason: { code: 'not_delivered' } };
      });
      queue.lastAttemptAt = this.clock.now();

      if (outcome.ok) {
        queue.items.shift();
        await this.finish(item, 'sent', attempt, null);
      } else if (!outcome.retryable || attempt >= this.policy.maxAttempts) {
        queue.items.shift();
        await this.finish(item, 'failed', attempt, outcome.reason);
      } else {
        const delay = retryDelay(attempt, outcome.retryAfterMs, this.policy);
        item.notBefore = this.clock.now() + delay;
        const reason = failureText(outcome.reason);
        const row = await this.deps.repos.alerts.updateDelivery(item.delivery.id, { attempts: attempt, reason, updatedAt: new Date(this.clock.now()) });
        item.delivery = row ?? { ...item.delivery, attempts: attempt, reason };
        await this.log(
          item,
          'warn',
          text('alerts.delivery.retrying', {
            ...titleParams(item.alert),
            where: describe(item.delivery, channel),
            attempt,
            maxAttempts: this.policy.maxAttempts,
            ...failureParams(outcome.reason),
            delay: seconds(delay),
          }),
        );
      }
    }
  }

  private async finish(item: QueuedDelivery, status: 'sent' | 'failed', attempts: number, failure: DeliveryFailure | null): Promise<void> {
    const at = new Date(this.clock.now());
    const reason = failure ? failureText(failure) : null;
    const row = await this.deps.repos.alerts.updateDelivery(item.delivery.id, { status, attempts, reason, updatedAt: at, ...(status === 'sent' ? { sentAt: at } : {}) });
    const channel = item.delivery.channelId !== null ? await this.deps.repos.alerts.findChannel(item.delivery.channelId) : undefined;
    const where = describe(item.delivery, channel);
    if (status === 'sent') {
      await this.log(item, 'info', text('alerts.delivery.sent', { ...titleParams(item.alert), where, ...(attempts > 1 ? { atAttempt: '@alerts.delivery.atAttempt', attempt: attempts } : {}) }));
    } else {
      await this.log(item, 'error', text(attempts === 1 ? 'alerts.delivery.failedOne' : 'alerts.delivery.failedMany', { ...titleParams(item.alert), where, attempts, ...failureParams(failure) }));
    }
    const final = row ?? { ...item.delivery, status, attempts, reason };
    for (const resolve of this.waiters.get(item.delivery.id) ?? []) resolve(final);
    this.waiters.delete(item.delivery.id);
  }

  /** A delivery's outcome in the pair's trading log: a server text each reader reads in their language. */
  private async log(item: QueuedDelivery, level: 'info' | 'warn' | 'error', line: ServerText): Promise<void> {
    try {
      await this.deps.repos.tradingLogs.append({
        coinId: item.alert.coinId,
        adminId: item.alert.adminId,
        robotId: item.alert.robotId,
        level,
        text: line,
        createdAt: new Date(this.clock.now()),
      });
    } catch (err) {
      this.deps.log?.warn({ err, deliveryId: item.delivery.id }, 'alert delivery outcome not written to the trading log');
    }
  }
}

/** The name the console shows for a channel: its own, or its kind and target. */
export function channelLabel(channel: Pick<AlertChannelRow, 'name' | 'kind' | 'settings'>): string {
  return channel.name || `${channel.kind} ${channelTarget({ kind: channel.kind, ...channel.settings })}`.trim();
}

function describe(delivery: AlertDeliveryRow, channel: AlertChannelRow | undefined): string {
  const target = channel ? channelTarget({ kind: channel.kind, ...channel.settings }) : '';
  return `${delivery.channelKind} "${delivery.channelName}"${target ? ` (${target})` : ''}`;
}

/** A delay in seconds, written with its unit by the template ("1", "0.3"). */
function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}` : `${(ms / 1000).toFixed(1)}`;
}

/** The alert's title for a delivery line: its server text when it has one (each reader's language), else as stored. */
function titleParams(alert: AlertRow): Record<string, string | number> {
  const title = alert.message?.title;
  if (!title || title.key === 'verbatim') return { alertTitle: alert.title };
  return { ...title.params, alertTitle: `@${title.key}` };
}

const FAILURE_KEYS: Record<DeliveryFailure['code'], string> = {
  refused: 'refused',
  no_answer: 'noAnswer',
  not_allowed: 'notAllowed',
  switched_off: 'switchedOff',
  channel_deleted: 'channelDeleted',
  secret_unreadable: 'secretUnreadable',
  not_delivered: 'notDelivered',
};

/** Why a delivery failed, as a text in the reader's language (the same words as `failureText` in English). */
function failureParams(reason: DeliveryFailure | null): Record<string, string | number> {
  if (!reason) return { failure: '@alerts.failure.unknown' };
  if (reason.code === 'refused' && reason.status) return { failure: '@alerts.failure.refusedStatus', status: reason.status };
  return { failure: `@alerts.failure.${FAILURE_KEYS[reason.code]}` };
}
