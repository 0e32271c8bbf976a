import { text, type RobotActionKind, type ServerText } from '@makerdesk/contract';
import { div, minus, sign } from '@makerdesk/decimal';
import { percentMove } from './live-figures.ts';

/** What one tick did to the bot's orders. */
export interface TickActions {
  /** Placements sent (replacements' new orders not counted here). */
  places: number;
  /** Cancels sent (replacements' cancels not counted here). */
  cancels: number;
  replaces: number;
  /** Fills the tick handed its strategy. */
  fills: number;
  /** The price the tick quoted around (TickOutput.reference). */
  reference: string | null;
  /** The bot had live orders before the tick. */
  hadOrders: boolean;
}

export interface SummaryOptions {
  /** At most one line per this many ms; faster ticks are folded into the next line (default REQUOTE_LINE_EVERY_MS). */
  minGapMs?: number;
  /** The reference is a followed price (follow modes), else the bot's own mid. */
  follows?: boolean;
  /** A quoting bot (its orders follow a price); the others' orders are the strategy's rounds. */
  quoting?: boolean;
}

export interface Summary {
  /** The trading-log line, or null (nothing done, or folded into a later line). */
  line: ServerText | null;
  /** This tick's own action and reason (the runtime's last action), or null when it did nothing. */
  action: { kind: RobotActionKind; reason: ServerText } | null;
}

interface Pending {
  requoted: number;
  placed: number;
  cancelled: number;
  fills: number;
  ticks: number;
  setup: boolean;
  fromReference: string | null;
  toReference: string | null;
}

/**
 * A quoting bot's requotes make at most one trading-log line a minute ("Requoted 36 orders over 9
 * ticks: mid moved +0.12 %"): the line says what the minute did, the bot's last action says each tick,
 * and its fills keep their own lines. At one a tick (or every 10 s, as before) a bot wrote about 5,000
 * requote lines a day, two-thirds of its log and, kept 90 days, the larger part of a desk's database
 * (issue 21).
 */
export const REQUOTE_LINE_EVERY_MS = 60_000;
/** A bot that does not quote (its orders are its strategy's rounds, a few a minute at most) keeps a line every 10 s. */
export const ROUND_LINE_EVERY_MS = 10_000;

const none = (): Pending => ({ requoted: 0, placed: 0, cancelled: 0, fills: 0, ticks: 0, setup: false, fromReference: null, toReference: null });

/**
 * Summarises a bot's requotes per tick (pure): one line per tick at most, "Requoted 4 orders: mid
 * moved +0.12 %", never one per order; a fast bot's ticks inside `minGapMs` of the last line are
 * folded into the next ("Requoted 36 orders over 9 ticks: …"), so the log never floods.
 */
export class RequoteSummariser {
  private pending = none();
  private lastLineAt: number | null = null;
  /** The reference when the last line was written (a move is measured from there). */
  private lineReference: string | null = null;
  private readonly minGapMs: number;

  constructor(private readonly options: SummaryOptions = {}) {
    this.minGapMs = options.minGapMs ?? (options.quoting === false ? ROUND_LINE_EVERY_MS : REQUOTE_LINE_EVERY_MS);
  }

  tick(now: number, a: TickActions): Summary {
    const paired = Math.min(a.places, a.cancels);
    const requoted = a.replaces + (paired > 0 ? Math.max(a.places, a.cancels) : 0);
    const placed = paired > 0 ? 0 : a.places;
    const cancelled = paired > 0 ? 0 : a.cancels;
    if (requoted + placed + cancelled === 0) {
      if (a.reference !== null && this.pending.ticks === 0) this.lineReference ??= a.reference;
      return { line: this.flushDue(now), action: null };
    }
    const from = this.pending.ticks > 0 ? this.pending.fromReference : this.lineReference;
    const setup = !a.hadOrders && requoted === 0 && cancelled === 0;
    const p = this.pending;
    p.requoted += requoted;
    p.placed += placed;
    p.cancelled += cancelled;
    p.fills += a.fills;
    p.ticks++;
    p.setup ||= setup;
    p.fromReference = from ?? a.reference;
    p.toReference = a.reference ?? p.toReference;
    const own: Pending = { requoted, placed, cancelled, fills: a.fills, ticks: 1, setup, fromReference: from ?? a.reference, toReference: a.reference };
    const action = { kind: kindOf(own), reason: this.reason(own) };
    return { line: this.flushDue(now), action };
  }

  private flushDue(now: number): ServerText | null {
    if (this.pending.ticks === 0) return null;
    if (this.lastLineAt !== null && now - this.lastLineAt < this.minGapMs) return null;
    const p = this.pending;
    this.pending = none();
    this.lastLineAt = now;
    this.lineReference = p.toReference ?? this.lineReference;
    const kind = kindOf(p);
    const orders = kind === 'requoted' ? p.requoted + p.placed : kind === 'placed' ? p.placed : p.cancelled;
    const reason = this.reason(p);
    const base = kind === 'requoted' ? 'bots.requote' : kind === 'placed' ? 'bots.placed' : 'bots.cancelled';
    const params: Record<string, string | number> = { orders, ...reason.params, reason: `@${reason.key}` };
    if (p.ticks > 1) params.ticks = p.ticks;
    return text(`${base}.${p.ticks > 1 ? 'many' : 'one'}`, params);
  }

  private reason(p: Pending): ServerText {
    if (this.options.quoting === false) return text('bots.reason.strategy');
    if (p.setup && p.requoted === 0) return text('bots.reason.setup');
    if (p.fills > 0) return text('bots.reason.fills', { fills: p.fills });
    const move = moveOf(p.fromReference, p.toReference);
    if (move !== null) return text(this.options.follows ? 'bots.reason.referenceMoved' : 'bots.reason.midMoved', { move: percentMove(move) });
    return text('bots.reason.refresh');
  }
}

function kindOf(p: Pending): RobotActionKind {
  if (p.requoted > 0) return 'requoted';
  return p.placed > 0 ? 'placed' : 'cancelled';
}

/** (to − from) / from, or null when either is unknown or they are equal. */
function moveOf(from: string | null, to: string | null): string | null {
  if (from === null || to === null || sign(from) <= 0) return null;
  const diff = minus(to, from);
  if (sign(diff) === 0) return null;
  return div(diff, from, { decimals: 12, rounding: 'half-even' });
}
