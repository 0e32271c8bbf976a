import { isRobotTypeKey, MAIN_ACCOUNT, robotTypes, type Lang, type OrderSource, type OrderSourceFilter } from '@makerdesk/contract';
import { clientOrderOrigin } from '@makerdesk/exchange';
import type { AdminRow } from '../../domain/account.ts';
import type { RobotSourceRow } from '../../repositories/robot.repository.ts';

/** Who reads an order list: their own bots they may name; the main account every account's. */
export type SourceReader = Pick<AdminRow, 'id' | 'mainAccountId'>;

/** Where the names of bots come from: one query for all of an answer's bots. */
export interface RobotSourceLookup {
  sourcesOf(ids: number[]): Promise<RobotSourceRow[]>;
}

export const MANUAL_SOURCE: OrderSource = Object.freeze({ kind: 'manual', robotId: null, robotName: null });
export const OTHER_SOURCE: OrderSource = Object.freeze({ kind: 'other', robotId: null, robotName: null });

/** Roles (spec §6): an account sees its own bots; the main account sees every account's. */
export function mayNameRobot(reader: SourceReader, robot: Pick<RobotSourceRow, 'adminId'>): boolean {
  return robot.adminId === reader.id || reader.mainAccountId === MAIN_ACCOUNT;
}

/** A bot's name as the console shows it: its description, else its type's name in the reader's language and its number. */
export function robotDisplayName(robot: Pick<RobotSourceRow, 'id' | 'type' | 'description'>, lang: Lang): string {
  const description = robot.description.trim();
  if (description !== '') return description;
  const typeName = isRobotTypeKey(robot.type) ? (lang === 'zh_CN' ? robotTypes[robot.type].nameZh : robotTypes[robot.type].name) : robot.type;
  return `${typeName} #${robot.id}`;
}

/** The bots a batch of client order ids names, each once. */
export function robotIdsOf(clientOrderIds: Iterable<string | null | undefined>): number[] {
  const ids = new Set<number>();
  for (const id of clientOrderIds) {
    const origin = clientOrderOrigin(id);
    if (origin.kind === 'bot') ids.add(origin.robotId);
  }
  return [...ids];
}

/**
 * The source of an order from its client order id and the bots found for the answer. A bot the
 * reader may not see (another account's, for a sub-account) is `other`: neither its id nor its name
 * leaves the server. A bot no longer stored (deleted) keeps its id, with no name.
 */
export function sourceOf(clientOrderId: string | null | undefined, robots: ReadonlyMap<number, RobotSourceRow>, reader: SourceReader, lang: Lang): OrderSource {
  const origin = clientOrderOrigin(clientOrderId);
  if (origin.kind === 'manual') return MANUAL_SOURCE;
  if (origin.kind === 'other') return OTHER_SOURCE;
  return botSource(origin.robotId, robots, reader, lang);
}

/**
 * Where a fill was read, with what that place knows of its order:
 * - `botLedger`: a row of the bots' fills (robot_fills), made by the bot it names (null: no longer stored);
 * - `manualLedger`: a row of manual_fills, copied from the venue because no bot of the account placed
 *   its order, with that order's client order id (null: copied before the id was kept);
 * - `venue`: a fill as the venue answers it, with its order's client order id as far as the server
 *   knows it (undefined: not known).
 */
export type FillOrigin =
  | { ledger: 'botLedger'; robotId: number | null }
  | { ledger: 'manualLedger'; clientOrderId: string | null }
  | { ledger: 'venue'; clientOrderId: string | null | undefined };

/**
 * The source of a fill, the one rule for every list of fills (orders' "my trades", the desk's ledger):
 * - a bot's fill names the bot to a reader who may see it, else is `other`; a deleted bot keeps its
 *   number, with no name;
 * - a manual_fills row is the console's when its order's id is the console's (or unknown: rows copied
 *   before the id was kept), else `other`: an id there that reads as a bot's is not one of the
 *   account's bots (those fills are never copied there), so another client's;
 * - a venue fill goes by its order's client order id, as orders do (`sourceOf`); unknown is `other`.
 */
export function attributeFill(fill: FillOrigin, robots: ReadonlyMap<number, RobotSourceRow>, reader: SourceReader, lang: Lang): OrderSource {
  switch (fill.ledger) {
    case 'botLedger': {
      if (fill.robotId === null) return { kind: 'bot', robotId: null, robotName: null };
      return botSource(fill.robotId, robots, reader, lang);
    }
    case 'manualLedger':
      return fill.clientOrderId === null || clientOrderOrigin(fill.clientOrderId).kind === 'manual' ? MANUAL_SOURCE : OTHER_SOURCE;
    case 'venue':
      return sourceOf(fill.clientOrderId, robots, reader, lang);
  }
}

function botSource(robotId: number, robots: ReadonlyMap<number, RobotSourceRow>, reader: SourceReader, lang: Lang): OrderSource {
  const robot = robots.get(robotId);
  if (!robot) return { kind: 'bot', robotId, robotName: null };
  if (!mayNameRobot(reader, robot)) return OTHER_SOURCE;
  return { kind: 'bot', robotId: robot.id, robotName: robotDisplayName(robot, lang) };
}

/** True when a row's source passes the list's filter (`robotId` alone means that bot's rows). */
export function matchesSource(source: OrderSource, filter: OrderSourceFilter): boolean {
  if (filter.robotId !== undefined) return source.kind === 'bot' && source.robotId === filter.robotId;
  return filter.source === undefined || source.kind === filter.source;
}

/** Names the sources of one answer's orders, reading the bots they name in one query. */
export async function sourcesFor(
  lookup: RobotSourceLookup,
  reader: SourceReader,
  lang: Lang,
  clientOrderIds: Iterable<string | null | undefined>,
): Promise<(clientOrderId: string | null | undefined) => OrderSource> {
  const ids = robotIdsOf(clientOrderIds);
  const robots = new Map((ids.length === 0 ? [] : await lookup.sourcesOf(ids)).map((r) => [r.id, r]));
  return (clientOrderId) => sourceOf(clientOrderId, robots, reader, lang);
}

/**
 * The same for a stream (the live socket): bots read once and kept, a bot not seen before read when
 * its first order comes. A bot created while streaming is read on its first order.
 */
export class StreamSources {
  private readonly robots = new Map<number, RobotSourceRow>();
  private readonly missing = new Set<number>();

  constructor(
    private readonly lookup: Pick<RobotSourceLookup, 'sourcesOf'>,
    private readonly reader: SourceReader,
    private readonly lang: Lang,
  ) {}

  async of(clientOrderId: string | null | undefined): Promise<OrderSource> {
    const origin = clientOrderOrigin(clientOrderId);
    if (origin.kind === 'bot' && !this.robots.has(origin.robotId) && !this.missing.has(origin.robotId)) {
      const [row] = await this.lookup.sourcesOf([origin.robotId]);
      if (row) this.robots.set(row.id, row);
      else this.missing.add(origin.robotId);
    }
    return sourceOf(clientOrderId, this.robots, this.reader, this.lang);
  }
}
