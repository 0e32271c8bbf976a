import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clusterNodes } from '../db/schema.ts';

/**
 * Which server runs the simulator and where it is reached (`cluster_nodes`). This file
 * writes only a node's id, url and runs_simulator, and its heartbeat when asked; the bot leases
 * keep their own heartbeat in the same table.
 */
export class SimHolderRepository {
  constructor(private readonly db: Db) {}

  /** Creates or updates this node's row (a new row's heartbeat is now). */
  async advertise(nodeId: string, url: string, runsSimulator: boolean): Promise<void> {
    await this.db
      .insert(clusterNodes)
      .values({ id: nodeId, url, runsSimulator })
      .onConflictDoUpdate({ target: clusterNodes.id, set: { url, runsSimulator, heartbeatAt: sql`now()` } });
  }

  /**
   * This node took the simulator: any other row still marked (its holder died with its claim) is
   * cleared, so nobody calls a server that no longer runs it.
   */
  async becomeHolder(nodeId: string, url: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(clusterNodes).set({ runsSimulator: false }).where(and(eq(clusterNodes.runsSimulator, true), ne(clusterNodes.id, nodeId)));
      await tx
        .insert(clusterNodes)
        .values({ id: nodeId, url, runsSimulator: true })
        .onConflictDoUpdate({ target: clusterNodes.id, set: { url, runsSimulator: true, heartbeatAt: sql`now()` } });
    });
  }

  async heartbeat(nodeId: string): Promise<void> {
    await this.db.update(clusterNodes).set({ heartbeatAt: sql`now()` }).where(eq(clusterNodes.id, nodeId));
  }

  /** At a clean stop: this node no longer serves the simulator. */
  async resign(nodeId: string): Promise<void> {
    await this.db.update(clusterNodes).set({ runsSimulator: false }).where(eq(clusterNodes.id, nodeId));
  }

  /** The simulator holder's URL, when its heartbeat is younger than `freshMs` (database time). */
  async holderUrl(freshMs: number): Promise<string | undefined> {
    const rows = await this.db
      .select({ url: clusterNodes.url })
      .from(clusterNodes)
      .where(and(eq(clusterNodes.runsSimulator, true), gt(clusterNodes.heartbeatAt, sql`now() - make_interval(secs => ${freshMs / 1000}::double precision)`)))
      .orderBy(desc(clusterNodes.heartbeatAt))
      .limit(1);
    return rows[0]?.url;
  }
}
