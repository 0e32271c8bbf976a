import type { ClusterBus } from '../bus/cluster-bus.ts';
import type { Database } from '../db/client.ts';
import { SimHolderRepository } from '../repositories/sim-holder.repository.ts';
import { RemoteSimVenue, type RemoteSimOptions } from './remote-sim-venue.ts';
import { SimAccess } from './sim-access.ts';
import { SimEventRelay } from './sim-event-relay.ts';
import type { SimHost } from './sim-host.ts';

export interface SimSeatOptions {
  database: Pick<Database, 'db' | 'claim'>;
  /** This server's node id (cluster_nodes.id; the bus's). */
  nodeId: string;
  bus: ClusterBus;
  /** deriveKey(masterKey, 'cluster-sim'). */
  key: Buffer;
  /** Opens the simulator from its snapshot and journal (SimHost.open), once this server holds the claim. */
  open(): Promise<SimHost>;
  /** The claim's connection ended while this server ran the simulator: it must stop acting on it. */
  onLost(err: Error): void;
  /** Tried again this often while another server holds the claim (2 s). */
  retryMs?: number;
  /** This node's heartbeat in cluster_nodes (2 s); 0: none (another module keeps it). */
  heartbeatMs?: number;
  /** A holder whose heartbeat is older than this is not called (15 s). */
  holderFreshMs?: number;
  /** Event batches of the holder (150 ms). */
  relayPeriodMs?: number;
  remote?: Pick<RemoteSimOptions, 'timeoutMs' | 'holderTtlMs' | 'refreshMs'>;
  log?: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/**
 * Where the simulator runs for this server. One server on the database holds the
 * simulator's claim (an advisory lock), runs it, and serves it to the others; the others reach it
 * through a RemoteSimVenue and try the claim again every 2 s. When the holder dies, its lock ends
 * with its connection: the next server to claim opens the simulator from the journal (nothing the
 * old holder acknowledged is lost) and switches its SimAccess to local.
 */
export class SimSeat {
  private host: SimHost | undefined;
  private relay: SimEventRelay | undefined;
  private url: string | undefined;
  private retry: ReturnType<typeof setInterval> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private claimed = false;
  private trying: Promise<void> | undefined;
  private closed = false;
  private readonly repo: SimHolderRepository;
  private readonly takeoverListeners = new Set<() => void>();

  private constructor(
    private readonly options: SimSeatOptions,
    readonly access: SimAccess,
  ) {
    this.repo = new SimHolderRepository(options.database.db);
  }

  /** Claims the simulator and opens it, or, when another server holds it, reaches that one and keeps trying. */
  static async start(options: SimSeatOptions): Promise<SimSeat> {
    if (await options.database.claim('simulator', options.onLost)) {
      const host = await options.open();
      const seat = new SimSeat(options, SimAccess.local(host));
      seat.claimed = true;
      seat.holding(host);
      return seat;
    }
    const repo = new SimHolderRepository(options.database.db);
    const freshMs = options.holderFreshMs ?? 15_000;
    const remote = new RemoteSimVenue({ ...options.remote, key: options.key, bus: options.bus, holderUrl: () => repo.holderUrl(freshMs) });
    await remote.refreshMarkets().catch(() => undefined);
    const seat = new SimSeat(options, SimAccess.remote(remote));
    options.log?.info({}, 'another server runs the simulator; reaching it there and ready to take it over');
    seat.retry = setInterval(() => void seat.tryClaim(), options.retryMs ?? 2000);
    seat.retry.unref?.();
    return seat;
  }

  /** This server runs the simulator. */
  get isHolder(): boolean {
    return this.host !== undefined;
  }

  /** Called once this server has taken the simulator over. */
  onTakeover(listener: () => void): () => void {
    this.takeoverListeners.add(listener);
    return () => this.takeoverListeners.delete(listener);
  }

  /** Writes this node's row (url, whether it runs the simulator) once it listens, and keeps its heartbeat. */
  async advertise(url: string): Promise<void> {
    this.url = url;
    if (this.host) await this.repo.becomeHolder(this.options.nodeId, url);
    else await this.repo.advertise(this.options.nodeId, url, false);
    const every = this.options.heartbeatMs ?? 2000;
    if (every > 0 && !this.heartbeat) {
      this.heartbeat = setInterval(() => {
        this.repo.heartbeat(this.options.nodeId).catch((err: unknown) => this.options.log?.warn({ err }, 'cluster heartbeat failed'));
      }, every);
      this.heartbeat.unref?.();
    }
  }

  /** One attempt at the claim (the retry timer's; tests call it to skip the wait). */
  tryClaim(): Promise<void> {
    if (this.closed || this.host) return Promise.resolve();
    this.trying ??= this.takeOver().finally(() => {
      this.trying = undefined;
    });
    return this.trying;
  }

  private async takeOver(): Promise<void> {
    try {
      if (!this.claimed) this.claimed = await this.options.database.claim('simulator', this.options.onLost);
      if (!this.claimed || this.closed) return;
      const host = await this.options.open();
      if (this.closed) {
        await host.close();
        return;
      }
      await this.access.useLocal(host);
      this.holding(host);
      if (this.retry) clearInterval(this.retry);
      this.retry = undefined;
      this.options.log?.info({ replayed: host.startup.replayed }, 'took the simulator over from a server that stopped');
      for (const listener of this.takeoverListeners) listener();
      if (this.url) await this.repo.becomeHolder(this.options.nodeId, this.url);
    } catch (err) {
      // The claim stays ours (it is held on its own connection): the next attempt opens the simulator again.
      this.options.log?.error({ err }, 'could not take the simulator over; trying again');
    }
  }

  private holding(host: SimHost): void {
    this.host = host;
    this.relay = new SimEventRelay(host.venue, this.options.bus, this.options.relayPeriodMs !== undefined ? { periodMs: this.options.relayPeriodMs } : {});
  }

  /** Stops the retries, the relay and the heartbeat, saves the simulator (its last snapshot) and leaves the holder's row. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearInterval(this.retry);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.trying;
    this.relay?.close();
    await this.access.close();
    if (this.host) {
      await this.host.close().catch(() => undefined);
      await this.repo.resign(this.options.nodeId).catch(() => undefined);
    }
  }
}
