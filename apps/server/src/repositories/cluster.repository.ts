import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** A lease a node took: the bot and the hand-over count (1 for a first claim, +1 at every hand-over). */
export interface ClaimedLease {
  robotId: number;
  epoch: number;
  /** False for a bot switched off whose last owner died before it had cancelled its orders: the claimer cancels them, then drops the lease. */
  running: boolean;
}

/** A lease this node still holds after a renewal. */
export interface HeldLease {
  robotId: number;
  running: boolean;
}

const ms = (value: number): SQL => sql`(${Math.max(0, Math.round(value))}::double precision * interval '1 millisecond')`;

/**
 * The servers sharing one database: their rows in `cluster_nodes` (a heartbeat) and the
 * bots' leases in `bot_leases`, so that each bot switched on runs in exactly one process. Every time
 * here is the database's (`now()`), never a server's clock, so servers whose clocks drift apart still
 * agree on when a lease has run out.
 */
export class ClusterRepository {
  constructor(private readonly db: Db) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    const answer = (await this.db.execute(query)) as unknown as { rows: T[] };
    return answer.rows;
  }

  /**
   * This node's row, made or renewed (a restart with the same id takes its row over). An existing
   * row keeps its `runs_simulator`: that is the simulator seat's to say (sim-holder.repository.ts).
   */
  async register(nodeId: string, url: string, runsSimulator = false): Promise<void> {
    await this.db.execute(
      sql`insert into cluster_nodes (id, url, runs_simulator, started_at, heartbeat_at) values (${nodeId}, ${url}, ${runsSimulator}, now(), now())
          on conflict (id) do update set url = excluded.url, heartbeat_at = now()`,
    );
  }

  /** Renews this node's heartbeat; false when its row is gone (a peer pruned it), and the caller registers again. */
  async heartbeat(nodeId: string): Promise<boolean> {
    const rows = await this.rows<{ id: string }>(sql`update cluster_nodes set heartbeat_at = now() where id = ${nodeId} returning id`);
    return rows.length > 0;
  }

  /** Nodes whose heartbeat is younger than `staleMs`, oldest first. */
  async liveNodes(staleMs: number): Promise<string[]> {
    const rows = await this.rows<{ id: string }>(sql`select id from cluster_nodes where heartbeat_at > now() - ${ms(staleMs)} order by started_at, id`);
    return rows.map((r) => r.id);
  }

  /** At a graceful shutdown: this node's row goes (its leases are released separately). */
  async deregister(nodeId: string): Promise<void> {
    await this.db.execute(sql`delete from cluster_nodes where id = ${nodeId}`);
  }

  /** Rows of nodes silent for longer than `olderThanMs` (killed servers), so the table does not grow with restarts. */
  async pruneNodes(olderThanMs: number): Promise<number> {
    const rows = await this.rows<{ id: string }>(sql`delete from cluster_nodes where heartbeat_at < now() - ${ms(olderThanMs)} returning id`);
    return rows.length;
  }

  /** How many bots are switched on: what the nodes share out. */
  async runningCount(): Promise<number> {
    const [row] = await this.rows<{ n: number | string }>(sql`select count(*)::int as n from robots where status = 'running'`);
    return Number(row?.n ?? 0);
  }

  /**
   * Takes up to `limit` bots switched on that have no lease or an expired one (and, besides the limit,
   * bots switched off whose lease expired: a dead owner's unfinished stop). Rows another node is
   * claiming at the same moment are skipped (`FOR NO KEY UPDATE SKIP LOCKED`), and a lease is only
   * taken over when it is still expired as the insert sees it, so two nodes claiming at once get
   * disjoint sets. Pass `only` to claim just those bots (a switch-on on this node).
   */
  async claim(nodeId: string, limit: number, ttlMs: number, only?: number[]): Promise<ClaimedLease[]> {
    if (only !== undefined && only.length === 0) return [];
    const within = only === undefined ? sql`true` : sql`r.id in (${sql.join(only.map((id) => sql`${id}`), sql`, `)})`;
    const rows = await this.rows<{ robot_id: number; epoch: number; running: boolean }>(sql`
      with orphans as (
        select r.id, false as running from robots r join bot_leases l on l.robot_id = r.id
        where r.status <> 'running' and l.expires_at <= now() and ${within}
        for no key update of r skip locked
      ), candidates as (
        select r.id, true as running from robots r left join bot_leases l on l.robot_id = r.id
        where r.status = 'running' and (l.robot_id is null or l.expires_at <= now()) and ${within}
        order by r.id limit ${Math.max(0, Math.floor(limit))}
        for no key update of r skip locked
      ), chosen as (select * from orphans union all select * from candidates),
      taken as (
        insert into bot_leases (robot_id, node_id, expires_at, claimed_at, epoch)
        select id, ${nodeId}, now() + ${ms(ttlMs)}, now(), 1 from chosen
        on conflict (robot_id) do update set node_id = excluded.node_id, expires_at = excluded.expires_at, claimed_at = excluded.claimed_at, epoch = bot_leases.epoch + 1
          where bot_leases.expires_at <= now()
        returning robot_id, epoch
      )
      select t.robot_id, t.epoch, c.running from taken t join chosen c on c.id = t.robot_id order by t.robot_id`);
    return rows.map((r) => ({ robotId: Number(r.robot_id), epoch: Number(r.epoch), running: r.running === true }));
  }

  /**
   * Extends this node's leases that have not run out; answers the bots it still holds, each with
   * whether it is still switched on (one whose switch-off message was lost is stopped by its owner at
   * the next renewal). A lease that ran out is not renewed (another node may have taken it, or may be
   * about to): the caller stops running that bot here.
   */
  async renew(nodeId: string, ttlMs: number): Promise<HeldLease[]> {
    const rows = await this.rows<{ robot_id: number; running: boolean | null }>(
      sql`update bot_leases l set expires_at = now() + ${ms(ttlMs)} where l.node_id = ${nodeId} and l.expires_at > now()
          returning l.robot_id, (select r.status = 'running' from robots r where r.id = l.robot_id) as running`,
    );
    return rows.map((r) => ({ robotId: Number(r.robot_id), running: r.running === true })).sort((x, y) => x.robotId - y.robotId);
  }

  /** This node gives bots up (hand-over, graceful shutdown): another node may claim them at once. */
  async release(nodeId: string, robotIds: number[]): Promise<void> {
    if (robotIds.length === 0) return;
    await this.db.execute(sql`delete from bot_leases where node_id = ${nodeId} and robot_id in (${sql.join(robotIds.map((id) => sql`${id}`), sql`, `)})`);
  }

  /** Every lease of this node (a graceful shutdown of the last node, or a fence that came too late). */
  async releaseAll(nodeId: string): Promise<void> {
    await this.db.execute(sql`delete from bot_leases where node_id = ${nodeId}`);
  }

  /** A bot switched off (or deleted) once its owner has cancelled its orders: nobody holds it any more. */
  async drop(robotId: number): Promise<void> {
    await this.db.execute(sql`delete from bot_leases where robot_id = ${robotId}`);
  }

  /** The node holding a live lease on the bot, or null (none, or run out). */
  async ownerOf(robotId: number): Promise<string | null> {
    const [row] = await this.rows<{ node_id: string }>(sql`select node_id from bot_leases where robot_id = ${robotId} and expires_at > now()`);
    return row?.node_id ?? null;
  }

  /** The live owners of several bots; a bot without a live lease is absent. */
  async owners(robotIds: number[]): Promise<Map<number, string>> {
    if (robotIds.length === 0) return new Map();
    const rows = await this.rows<{ robot_id: number; node_id: string }>(
      sql`select robot_id, node_id from bot_leases where expires_at > now() and robot_id in (${sql.join(robotIds.map((id) => sql`${id}`), sql`, `)})`,
    );
    return new Map(rows.map((r) => [Number(r.robot_id), r.node_id]));
  }
}
