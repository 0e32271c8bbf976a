import {
  MAIN_ACCOUNT,
  renderServerText,
  serverText,
  type HaltedPair,
  incidentKinds,
  type Incident,
  type IncidentListResponse,
  type IncidentReadRequest,
  type Lang,
  type ServerText,
  text,
  verbatim,
} from '@makerdesk/contract';
import type { ClusterBus } from '../../bus/cluster-bus.ts';
import type { AdminRow } from '../../domain/account.ts';
import type { IncidentRepository, IncidentRow, IncidentViewer, NewIncident } from '../../repositories/incident.repository.ts';
import type { Port } from '../../repositories/repositories.ts';
import type { CoinService } from '../coin.service.ts';
import type { RaiseAlert } from '../../alerts/alert-dispatcher.ts';
import type { Repositories } from '../../repositories/repositories.ts';
import { botStopCause, botStopTexts, haltedBy, haltedText, incidentTime, spanText } from './incident-texts.ts';
import type { HealthChange } from '../../domain/venue-health.ts';
import { KEY_REFUSED_REPORT_MS } from './report-windows.ts';

/** A bot's throttled key is told again after this long at the soonest. */
export const THROTTLE_REPORT_MS = 10 * 60_000;

/** The cluster bus topic of new incidents: every server pushes them to its own sockets. */
export const INCIDENT_TOPIC = 'incidents.new';

export type RecordIncident = Omit<NewIncident, 'robotId' | 'actorAdminId' | 'details'> & {
  robotId?: number | null;
  actorAdminId?: number | null;
  details?: Record<string, string | number>;
};

/** A new incident as it travels between servers (and to this server's sockets). */
export interface IncidentNotice {
  id: number;
  coinId: number;
  coinName: string;
  robotId: number | null;
  adminId: number | null;
  level: IncidentRow['level'];
  kind: IncidentRow['kind'];
  title: ServerText;
  text: ServerText;
  createdAt: number;
}

const levels = new Set(['info', 'warn', 'error']);
const kinds = new Set<string>(incidentKinds);

/** What arrives from another server is checked before anyone acts on it. */
export function parseIncidentNotice(payload: unknown): IncidentNotice | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const int = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
  if (!int(p.id) || !int(p.coinId) || !int(p.createdAt) || typeof p.coinName !== 'string') return null;
  if (!(p.robotId === null || int(p.robotId)) || !(p.adminId === null || int(p.adminId))) return null;
  if (!levels.has(p.level as string) || !kinds.has(p.kind as string)) return null;
  const title = serverText.safeParse(p.title);
  const body = serverText.safeParse(p.text);
  if (!title.success || !body.success) return null;
  return {
    id: p.id as number,
    coinId: p.coinId as number,
    coinName: p.coinName,
    robotId: p.robotId as number | null,
    adminId: p.adminId as number | null,
    level: p.level as IncidentNotice['level'],
    kind: p.kind as IncidentNotice['kind'],
    title: title.data,
    text: body.data,
    createdAt: p.createdAt as number,
  };
}

/** Who may see an incident: the main account every one; a restricted account its own and the pair-wide ones, on its pairs. */
export function mayRead(reader: Pick<AdminRow, 'id' | 'mainAccountId'>, incident: { adminId: number | null }): boolean {
  return reader.mainAccountId === MAIN_ACCOUNT || incident.adminId === null || incident.adminId === reader.id;
}

export function renderIncident(row: Omit<IncidentNotice, 'adminId'> & { readAt: number | null }, lang: Lang): Incident {
  return {
    id: row.id,
    level: row.level,
    kind: row.kind,
    coinId: row.coinId,
    coinName: row.coinName,
    robotId: row.robotId,
    title: renderServerText(row.title, lang),
    text: renderServerText(row.text, lang),
    createdAt: row.createdAt,
    readAt: row.readAt,
  };
}

/**
 * The incident centre: records what went wrong (monitors' alerts, emergency stops, bots stopped by
 * failures or a guard, keys refused, venues down), tells every server at once (the bus), and answers
 * each reader the incidents it may see in its language, with its read state and the halted pairs.
 * Recording never throws: an incident that cannot be written is logged and the caller goes on.
 */
export class IncidentService {
  constructor(
    private readonly repo: Port<IncidentRepository>,
    private readonly coins: Pick<CoinService, 'listFor' | 'requireUsablePair'>,
    private readonly bus: Pick<ClusterBus, 'publish' | 'subscribe'>,
    private readonly log?: { error(obj: unknown, msg?: string): void },
    /** Bots stopped by failures also reach the owner's alert channels; the bot's row says whose and where. */
    private readonly extra: { robots?: Pick<Repositories['robots'], 'findById'>; alerts?: { raise(alert: RaiseAlert): Promise<unknown> } } = {},
  ) {}

  private readonly throttledAt = new Map<number, number>();

  /**
   * The venue rate-limited a bot's key: an incident of the bot's owner, at most once per
   * THROTTLE_REPORT_MS per bot on this server (a throttled key stays throttled tick after tick). Never throws.
   */
  async keyThrottled(robotId: number, now = Date.now()): Promise<void> {
    const last = this.throttledAt.get(robotId);
    if (last !== undefined && now - last < THROTTLE_REPORT_MS) return;
    this.throttledAt.set(robotId, now);
    try {
      const robot = await this.extra.robots?.findById(robotId);
      if (!robot) return;
      const params = { bot: `#${robot.id}`, pair: robot.coinName };
      await this.record({ coinId: robot.coinId, robotId: robot.id, adminId: robot.adminId, level: 'warn', kind: 'key_throttled', title: text('incident.keyThrottledTitle', params), text: text('incident.keyThrottledText', params) });
    } catch (err) {
      this.log?.error({ err, robotId }, 'throttle incident not recorded');
    }
  }

  /**
   * A venue went out of reach or came back (services/incidents/venue-watch.ts decides when, with its
   * hysteresis): one pair-wide incident on each pair it was called for. Never throws.
   */
  async venueChanged(change: HealthChange, scope: { venue: string; coinIds: number[]; now: number }): Promise<void> {
    for (const coinId of scope.coinIds) {
      const made =
        change.type === 'down'
          ? { level: 'error' as const, kind: 'venue_down' as const, title: text('incident.venueUnreachableTitle', { venue: scope.venue }), text: text('incident.venueUnreachableText', { venue: scope.venue, since: incidentTime(change.since), what: change.what, failures: change.failures }) }
          : { level: 'info' as const, kind: 'venue_up' as const, title: text('incident.venueUpTitle', { venue: scope.venue }), text: text('incident.venueUpText', { venue: scope.venue, down: spanText(change.downMs), since: incidentTime(change.since) }) };
      await this.record({ coinId, adminId: null, ...made, details: { venue: scope.venue, since: change.since, ...(change.type === 'up' ? { downMs: change.downMs } : {}) } });
    }
  }

  /** A pair's live feed stalled while sockets listen, or delivers again. Never throws. */
  async streamChanged(change: HealthChange, scope: { venue: string; coinId: number; symbol: string; now: number }): Promise<void> {
    const params = { venue: scope.venue, pair: scope.symbol, since: incidentTime(change.since) };
    const made =
      change.type === 'down'
        ? { level: 'error' as const, kind: 'stream_down' as const, title: text('incident.streamDownTitle', params), text: text('incident.streamDownText', { ...params, what: change.what }) }
        : { level: 'info' as const, kind: 'stream_up' as const, title: text('incident.streamUpTitle', params), text: text('incident.streamUpText', { ...params, down: spanText(change.downMs) }) };
    await this.record({ coinId: scope.coinId, adminId: null, ...made, details: { venue: scope.venue, since: change.since } });
  }

  /**
   * A key's pair whose venue stream has been down past a minute, its bots polling (issue 19; the
   * engine tells it once per outage), or its stream back: the key's account's incident of the pair,
   * of the same kinds as a stalled feed. Never throws.
   */
  async feedChanged(change: { type: 'down'; since: number } | { type: 'up'; since: number; downMs: number }, scope: { adminId: number; coinId: number; robotId: number; venue: string; symbol: string }): Promise<void> {
    const params = { venue: scope.venue, pair: scope.symbol, since: incidentTime(change.since) };
    const made =
      change.type === 'down'
        ? { level: 'warn' as const, kind: 'stream_down' as const, title: text('incident.feedDownTitle', params), text: text('incident.feedDownText', params) }
        : { level: 'info' as const, kind: 'stream_up' as const, title: text('incident.feedUpTitle', params), text: text('incident.feedUpText', { ...params, down: spanText(change.downMs) }) };
    const details = { venue: scope.venue, pair: scope.symbol, since: change.since, bot: scope.robotId, ...(change.type === 'up' ? { downMs: change.downMs } : {}) };
    await this.record({ coinId: scope.coinId, adminId: scope.adminId, ...made, details });
  }

  /** The venue refused a key (authentication, permission) on any call: an incident of the key's account. Never throws. */
  async keyRefused(facts: { adminId: number; coinId: number; venue: string; call: string; reason: string }): Promise<void> {
    const params = { venue: facts.venue, call: facts.call, reason: facts.reason };
    await this.record({ coinId: facts.coinId, adminId: facts.adminId, level: 'error', kind: 'key_refused', title: text('incident.keyRefusedByVenueTitle', params), text: text('incident.keyRefusedByVenueText', params), details: { venue: facts.venue, call: facts.call, reason: facts.reason } });
  }

  /**
   * A bot stopped because the venue refused its key, when that refusal is already an incident of the
   * account's pair (told at most once per KEY_REFUSED_REPORT_MS): the key's incident names the bot
   * among those it stopped, instead of a second unread incident telling the same event. False when
   * there is none to name it in.
   */
  private async addToKeyRefusal(robot: { id: number; adminId: number; coinId: number }, now: number): Promise<boolean> {
    const refusal = await this.repo.latestKeyRefusal(robot.adminId, robot.coinId, new Date(now - KEY_REFUSED_REPORT_MS));
    if (!refusal) return false;
    const bots = String(refusal.details.stoppedBots ?? '')
      .split(', ')
      .filter((b) => b !== '');
    const bot = `#${robot.id}`;
    if (!bots.includes(bot)) bots.push(bot);
    const details: Record<string, string | number> = { ...refusal.details, stoppedBots: bots.join(', ') };
    const params = { venue: String(details.venue ?? ''), call: String(details.call ?? ''), reason: String(details.reason ?? ''), bots: bots.join(', ') };
    await this.repo.amend(refusal.id, { details, text: text('incident.keyRefusedStoppedBotsText', params) });
    return true;
  }

  /**
   * Every alert a monitor raises is an incident of its pair, concerning the monitor's owner: its
   * server texts when it has them (each reader's language), its English words otherwise.
   */
  async monitorAlert(alert: { adminId: number; coinId: number; robotId?: number; level: 'info' | 'warn' | 'error'; title: string; text: string; message?: { title: ServerText; text: ServerText } }): Promise<void> {
    await this.record({
      coinId: alert.coinId,
      robotId: alert.robotId ?? null,
      adminId: alert.adminId,
      level: alert.level,
      kind: 'monitor_alert',
      title: alert.message?.title ?? text('incident.monitorAlertTitle', { title: alert.title }),
      text: alert.message?.text ?? text('incident.monitorAlertText', { text: alert.text }),
    });
  }

  /**
   * A bot stopped itself (the engine's `markStopped`): an incident of its owner on its pair, by
   * cause (repeated failures, a refused key, a venue out of reach, a guard); a failure (level error)
   * also goes to the owner's alert channels. Never throws.
   */
  async botStopped(robotId: number, reason: string, said?: ServerText, now = Date.now()): Promise<void> {
    try {
      const robot = await this.extra.robots?.findById(robotId);
      if (!robot) return;
      const facts = { bot: `#${robot.id}`, pair: robot.coinName, reason: said ?? verbatim(reason) };
      const cause = botStopCause(reason);
      const made = botStopTexts(cause, facts);
      const told = cause === 'key_refused' && (await this.addToKeyRefusal(robot, now));
      if (!told) await this.record({ coinId: robot.coinId, robotId: robot.id, adminId: robot.adminId, level: made.level, kind: made.kind, title: made.title, text: made.text });
      if (made.level === 'error' && this.extra.alerts) {
        await this.extra.alerts.raise({
          adminId: robot.adminId,
          coinId: robot.coinId,
          robotId: robot.id,
          level: 'error',
          title: renderServerText(made.title, 'en_US'),
          text: renderServerText(made.text, 'en_US'),
          message: { title: made.title, text: made.text },
        });
      }
    } catch (err) {
      this.log?.error({ err, robotId }, 'bot stop incident not recorded');
    }
  }

  async record(input: RecordIncident): Promise<IncidentRow | null> {
    try {
      return await this.publish(await this.repo.insert({ robotId: null, actorAdminId: null, details: {}, ...input }));
    } catch (err) {
      this.log?.error({ err, kind: input.kind, coinId: input.coinId }, 'incident not recorded');
      return null;
    }
  }

  /**
   * A pair-wide incident told once per event (the obligation monitor's): recorded unless `told`
   * says the pair's latest incident of `kinds` already tells it, checked and written under the
   * pair's lock so that two servers never both record it. Answers the row, or null (told already,
   * or not recorded: logged). Never throws.
   */
  async recordOnce(input: RecordIncident & { adminId: null }, kinds: readonly IncidentRow['kind'][], told: (latest: IncidentRow | undefined) => boolean): Promise<IncidentRow | null> {
    try {
      const row = await this.repo.insertUnlessTold({ robotId: null, actorAdminId: null, details: {}, ...input }, kinds, told);
      return row === null ? null : await this.publish(row);
    } catch (err) {
      this.log?.error({ err, kind: input.kind, coinId: input.coinId }, 'incident not recorded');
      return null;
    }
  }

  /** Tells every server (this one's sockets included) of a new incident. */
  private async publish(row: IncidentRow): Promise<IncidentRow> {
    const coinName = (await this.repo.coinName(row.coinId)) ?? '';
    const notice: IncidentNotice = {
      id: row.id,
      coinId: row.coinId,
      coinName,
      robotId: row.robotId,
      adminId: row.adminId,
      level: row.level,
      kind: row.kind,
      title: row.title,
      text: row.text,
      createdAt: row.createdAt.getTime(),
    };
    this.bus.publish(INCIDENT_TOPIC, notice);
    return row;
  }

  /** New incidents of every server (this one's included); returns the function that stops listening. */
  subscribe(listener: (incident: IncidentNotice) => void): () => void {
    return this.bus.subscribe(INCIDENT_TOPIC, (payload) => {
      const notice = parseIncidentNotice(payload);
      if (notice) listener(notice);
    });
  }

  /** Whether `reader` sees this incident now: its pair is one of the reader's and it is the reader's to read. */
  async canSee(reader: AdminRow, incident: Pick<IncidentNotice, 'coinId' | 'adminId'>): Promise<boolean> {
    if (!mayRead(reader, incident)) return false;
    return (await this.coins.listFor(reader)).some((c) => c.coinId === incident.coinId);
  }

  /** The pairs asked for (one, or all of the reader's): an unknown pair is not found, another's is forbidden. */
  private async viewer(reader: AdminRow, coinId: number | undefined): Promise<IncidentViewer> {
    const everyAccount = reader.mainAccountId === MAIN_ACCOUNT;
    // One pair: the gate of every pair-scoped call (not found, not the reader's, disabled, expired).
    if (coinId !== undefined) return { adminId: reader.id, coinIds: [(await this.coins.requireUsablePair(reader, coinId)).coinId], everyAccount };
    return { adminId: reader.id, coinIds: (await this.coins.listFor(reader)).map((c) => c.coinId), everyAccount };
  }

  async list(reader: AdminRow, query: { coinId?: number | undefined; limit: number }, lang: Lang): Promise<IncidentListResponse> {
    const viewer = await this.viewer(reader, query.coinId);
    const [rows, unread, halted] = await Promise.all([this.repo.list(viewer, query.limit), this.repo.unreadCount(viewer), this.repo.halted(viewer)]);
    return {
      items: rows.map((r) => renderIncident({ ...r, createdAt: r.createdAt.getTime(), readAt: r.readAt?.getTime() ?? null }, lang)),
      unread,
      halted: halted.map(
        (h): HaltedPair => ({
          coinId: h.coinId,
          coinName: h.coinName,
          incidentId: h.id,
          by: renderServerText(haltedBy(h.details), lang),
          at: h.createdAt.getTime(),
          ordersCancelled: Number(h.details.ordersCancelled ?? 0),
          botsStopped: Number(h.details.botsStopped ?? 0),
          text: renderServerText(haltedText(h.details, h.createdAt.getTime()), lang),
        }),
      ),
    };
  }

  /** Marks read the given incidents, or every one of the pair (or of all the reader's pairs); answers how many and what is left unread. */
  async markRead(reader: AdminRow, input: IncidentReadRequest): Promise<{ marked: number; unread: number }> {
    const viewer = await this.viewer(reader, input.coinId);
    const marked = await this.repo.markRead(viewer, input.ids);
    return { marked, unread: await this.repo.unreadCount(viewer) };
  }

  /** A bot of the pair was switched on: the pair is no longer halted. Never throws. */
  async botSwitchedOn(coinId: number): Promise<void> {
    try {
      await this.repo.clearHalts(coinId, new Date());
    } catch (err) {
      this.log?.error({ err, coinId }, 'halted state of the pair not cleared');
    }
  }
}
