/**
 * Several real servers (child processes) on one throwaway PostgreSQL database, with accounts,
 * simulator keys and quoting bots deployed over HTTP the way users would: the several-servers test
 * and the cluster benchmark both drive it. The database is read directly only to see who holds
 * which lease and what the journal says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { robotTypes, type RobotTypeKey } from '@makerdesk/contract';
import type { DatabaseTarget } from '../db/client.ts';
import { SEED_ADMIN_ACCOUNT } from '../services/seed.ts';
import { scratchDatabase } from './scratch-database.ts';
import { ServerProcess } from './server-process.ts';

export const CLUSTER_PASSWORD = 'Cluster-adm-123';
const SUB_PASSWORD = 'Cluster-sub-123';
/** main.ts's default simulator seed. */
export const CLUSTER_SIM_SEED = 20261123;
/** The seeded simulator pairs the bots quote on. */
export const CLUSTER_PAIRS: Record<number, string> = { 1: 'BTC/USDT', 2: 'ETH/USDT', 3: 'SOL/USDT' };

export interface ClusterBot {
  id: number;
  coinId: number;
  apiKey: string;
}

export interface ClusterAccount {
  account: string;
  token: string;
  /** Its simulator key on each pair. */
  keys: Map<number, string>;
}

type Pg = import('pg').Pool;

export class Cluster {
  readonly servers: ServerProcess[] = [];
  /** Every process started, killed ones included (for the clean-up). */
  private readonly started: ServerProcess[] = [];

  private constructor(
    readonly target: Extract<DatabaseTarget, { kind: 'postgres' }>,
    private readonly dropDatabase: () => Promise<void>,
    readonly dataDir: string,
    readonly pool: Pg,
    private readonly env: Record<string, string>,
  ) {}

  /**
   * A throwaway database on the PostgreSQL server at `serverUrl` and `count` servers on it,
   * the first started alone (it migrates, seeds and takes the simulator), the others together.
   * Every server shares the data folder, hence the master key.
   */
  static async start(serverUrl: string, count: number, env: Record<string, string> = {}): Promise<Cluster> {
    const scratch = await scratchDatabase(serverUrl);
    if (scratch.target.kind !== 'postgres') throw new Error('several servers need PostgreSQL');
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: scratch.target.url, max: 2 });
    pool.on('error', () => undefined);
    const cluster = new Cluster(scratch.target, scratch.drop, mkdtempSync(join(tmpdir(), 'makerdesk-cluster-')), pool, env);
    try {
      await cluster.add();
      await Promise.all(Array.from({ length: count - 1 }, () => cluster.add()));
    } catch (err) {
      await cluster.close();
      throw err;
    }
    return cluster;
  }

  /** One more server on the same database. */
  async add(): Promise<ServerProcess> {
    const server = await ServerProcess.start({ target: this.target, dataDir: this.dataDir, password: CLUSTER_PASSWORD, simSeed: CLUSTER_SIM_SEED, env: this.env, started: this.started });
    this.servers.push(server);
    return server;
  }

  get running(): ServerProcess[] {
    return this.servers.filter((s) => s.running);
  }

  /** The node id a server registered under (its advertised URL is its base URL). */
  async nodeIdOf(server: ServerProcess): Promise<string> {
    const { rows } = await this.pool.query<{ id: string }>('select id from cluster_nodes where url = $1 order by started_at desc limit 1', [server.baseUrl]);
    if (!rows[0]) throw new Error(`no cluster node row for ${server.baseUrl}`);
    return rows[0].id;
  }

  /** Unexpired leases: node id → the bots it runs. */
  async leases(): Promise<Map<string, number[]>> {
    const { rows } = await this.pool.query<{ node_id: string; robot_id: number }>('select node_id, robot_id from bot_leases where expires_at > now() order by robot_id');
    const held = new Map<string, number[]>();
    for (const row of rows) held.set(row.node_id, [...(held.get(row.node_id) ?? []), row.robot_id]);
    return held;
  }

  /** The node that runs the simulator now. */
  async simulatorNode(): Promise<string | null> {
    const { rows } = await this.pool.query<{ id: string }>("select id from cluster_nodes where runs_simulator and heartbeat_at > now() - interval '10 seconds' limit 1");
    return rows[0]?.id ?? null;
  }

  /**
   * Sign-in on the first server; `accounts` accounts (the main one and sub-accounts) each with a
   * simulator key on every pair of CLUSTER_PAIRS, so budgets are spread as a desk's would be.
   */
  async prepareAccounts(accounts: number): Promise<ClusterAccount[]> {
    const server = this.running[0]!;
    const mainToken = await server.signIn();
    const result: ClusterAccount[] = [];
    const coinIds = Object.keys(CLUSTER_PAIRS).map(Number);
    for (let i = 0; i < accounts; i++) {
      let account = SEED_ADMIN_ACCOUNT;
      let token = mainToken;
      if (i > 0) {
        account = `desk${i}@cluster.test`;
        const added = await server.call<{ id: number }>('POST', '/admin/addUser', mainToken, { account, role: 'trader', employeeName: `Desk ${i}`, password: SUB_PASSWORD });
        for (const coinId of coinIds) await server.call('POST', '/account-permissions/add', mainToken, { adminId: added.id, coinId });
        token = (await server.call<{ token: string }>('POST', '/admin/login', undefined, { username: account, password: SUB_PASSWORD })).token;
      }
      const keys = new Map<number, string>();
      for (const coinId of coinIds) {
        const apiKey = `cluster-${i}-${coinId}-key`;
        await server.call('POST', '/credentials/add', token, { platformId: 1, apiKey, secretKey: `${apiKey}-secret`, coinId });
        keys.set(coinId, apiKey);
      }
      result.push({ account, token, keys });
    }
    return result;
  }

  /**
   * `count` quoting bots (`type`, the defaults the API offers, ticking every `intervalMin`-`intervalMax`
   * seconds), spread over the accounts and pairs, each created through a different server in turn.
   */
  async deployBots(accounts: ClusterAccount[], count: number, { type = 'depth_near', intervalMin = 2, intervalMax = 4 }: { type?: RobotTypeKey; intervalMin?: number; intervalMax?: number } = {}): Promise<ClusterBot[]> {
    const coinIds = Object.keys(CLUSTER_PAIRS).map(Number);
    const defaults = new Map<number, Record<string, unknown>>();
    for (const coinId of coinIds) {
      const offered = await this.running[0]!.call<{ type: RobotTypeKey; defaults: Record<string, unknown>; schema: { properties: object } }[]>('GET', `/robot/init/list?coinId=${coinId}`, accounts[0]!.token);
      const item = offered.find((o) => o.type === type);
      if (!item) throw new Error(`no ${type} bot offered on pair ${coinId}`);
      // Orders renewed every 2 s: the bots keep placing and cancelling, so a stall shows.
      const churn = 'options' in item.schema.properties ? { options: { maxOrderAgeSec: 2 } } : {};
      const config = { ...item.defaults, intervalMin, intervalMax, ...churn };
      if (!robotTypes[type].config.safeParse(config).success) throw new Error(`the ${type} defaults with interval ${intervalMin}-${intervalMax} are refused`);
      defaults.set(coinId, config);
    }
    const servers = this.running;
    const deploy = async (i: number): Promise<ClusterBot> => {
      const account = accounts[i % accounts.length]!;
      const coinId = coinIds[Math.floor(i / accounts.length) % coinIds.length]!;
      const server = servers[i % servers.length]!;
      const saved = await server.call<{ id: number }>('PUT', '/robot/update', account.token, { coinId, type, config: defaults.get(coinId), status: 'running', startMode: 'now', priceMode: 'normal', description: `cluster ${i}` });
      return { id: saved.id, coinId, apiKey: account.keys.get(coinId)! };
    };
    // Eight at a time, as a few people deploying at once would.
    const bots: ClusterBot[] = [];
    for (let from = 0; from < count; from += 8) bots.push(...(await Promise.all(Array.from({ length: Math.min(8, count - from) }, (_, k) => deploy(from + k)))));
    return bots;
  }

  /** Bots of `ids` that have placed at least one order the venue took (its journal has the venue's order number). */
  async quoting(ids: number[]): Promise<Set<number>> {
    const { rows } = await this.pool.query<{ robot_id: number }>('select distinct robot_id from robot_orders where order_no is not null and robot_id = any($1)', [ids]);
    return new Set(rows.map((r) => r.robot_id));
  }

  /** Bots of `ids` whose journal changed after `since` (they ticked and placed or cancelled). */
  async activeSince(ids: number[], since: Date): Promise<Set<number>> {
    const { rows } = await this.pool.query<{ robot_id: number }>('select distinct robot_id from robot_orders where updated_at > $2 and robot_id = any($1)', [ids, since]);
    return new Set(rows.map((r) => r.robot_id));
  }

  /** Bot ticks counted by each running server (GET /backend/metrics, open to the loopback). */
  async ticks(): Promise<number> {
    let total = 0;
    for (const server of this.running) {
      const text = await (await fetch(`${server.baseUrl}/backend/metrics`)).text();
      const match = /^makerdesk_bot_tick_duration_seconds_count(?:\{[^}]*\})? (\d+)/m.exec(text);
      total += match ? Number(match[1]) : 0;
    }
    return total;
  }

  async close(): Promise<void> {
    for (const server of this.started) if (server.running) await server.kill('SIGKILL').catch(() => undefined);
    await this.pool.end().catch(() => undefined);
    await this.dropDatabase().catch(() => undefined);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
