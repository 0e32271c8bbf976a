import type { RobotActivity } from '@makerdesk/contract';
import type { EngineObserver } from '@makerdesk/engine';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Activities of a bot that is switched on and in the engine's hands. */
const RUNNING: ReadonlySet<RobotActivity> = new Set(['scheduled', 'starting', 'active', 'throttled']);
/** Venue error kinds are a closed set (ExchangeErrorKind); anything else is filed as `other`, so labels stay few. */
const KIND = /^[a-z_]{1,40}$/;

/**
 * /backend/metrics, fed by the engine as it works: bots running and throttled, tick duration,
 * tick-to-order latency, orders by event and venue errors by kind, plus the process' own figures.
 * One registry per instance, so several apps in one process (tests) do not share counters.
 */
export class EngineMetrics implements EngineObserver {
  readonly registry = new Registry();
  private readonly activities = new Map<number, RobotActivity>();
  private readonly tickSeconds: Histogram<'outcome'>;
  private readonly tickToOrderSeconds: Histogram;
  private readonly streamedFillSeconds: Histogram;
  private readonly orders: Counter<'event'>;
  private readonly venueErrors: Counter<'kind'>;

  constructor(options: { processMetrics?: boolean } = {}) {
    const activities = this.activities;
    const count = (match: (a: RobotActivity) => boolean) => [...activities.values()].filter(match).length;
    new Gauge({
      name: 'makerdesk_bots_running',
      help: 'Bots switched on and scheduled, starting, active or throttled',
      registers: [this.registry],
      collect() {
        this.set(count((a) => RUNNING.has(a)));
      },
    });
    new Gauge({
      name: 'makerdesk_bots_throttled',
      help: 'Bots backing off because the venue rate-limited their key',
      registers: [this.registry],
      collect() {
        this.set(count((a) => a === 'throttled'));
      },
    });
    this.tickSeconds = new Histogram({
      name: 'makerdesk_bot_tick_duration_seconds',
      help: 'Duration of a bot tick, from its start to its last venue answer',
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.tickToOrderSeconds = new Histogram({
      name: 'makerdesk_bot_tick_to_order_seconds',
      help: "From a tick's start to the venue's answer to its first placement",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
    this.streamedFillSeconds = new Histogram({
      name: 'makerdesk_bot_streamed_fill_seconds',
      help: "From a live venue's time of a fill its stream pushed to the fill in the bot's journal",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
    this.orders = new Counter({ name: 'makerdesk_bot_orders_total', help: "Bots' orders by event", labelNames: ['event'], registers: [this.registry] });
    for (const event of ['placed', 'canceled', 'filled', 'rejected']) this.orders.inc({ event }, 0);
    this.venueErrors = new Counter({ name: 'makerdesk_venue_errors_total', help: 'Venue errors seen by bots, by kind', labelNames: ['kind'], registers: [this.registry] });
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'makerdesk_' });
  }

  activity(robotId: number, activity: RobotActivity): void {
    if (activity === 'idle') this.activities.delete(robotId);
    else this.activities.set(robotId, activity);
  }

  tick(_robotId: number, durationMs: number, ok: boolean): void {
    this.tickSeconds.observe({ outcome: ok ? 'ok' : 'failed' }, durationMs / 1000);
  }

  tickToOrder(ms: number): void {
    this.tickToOrderSeconds.observe(ms / 1000);
  }

  streamedFill(ms: number): void {
    this.streamedFillSeconds.observe(ms / 1000);
  }

  order(_robotId: number, event: 'placed' | 'canceled' | 'filled' | 'rejected'): void {
    this.orders.inc({ event });
  }

  venueError(kind: string): void {
    this.venueErrors.inc({ kind: KIND.test(kind) ? kind : 'other' });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
