import { EMPTY_LIVE_FIGURES, renderServerText, type RobotRuntime } from '@makerdesk/contract';
import type { BotEngineApi, EmergencyStopRequest, EmergencyStopResult, RobotRecord, RobotStore } from '@makerdesk/engine';
import { describe, expect, it, vi } from 'vitest';
import { LocalClusterNet } from '../testing/cluster-net.ts';
import { MemoryLeases } from '../testing/memory-leases.ts';
import { ClusterEngine } from './cluster-engine.ts';

const record = (id: number, status: 'running' | 'stopped'): RobotRecord => ({
  id,
  adminId: 1,
  coinId: 1,
  symbol: 'BTC/USDT',
  type: 'depth_near',
  config: {},
  status,
  startMode: 'now',
  startAt: null,
  priceMode: 'normal',
  state: null,
  startedAt: null,
});

/** A node's engine: runs what it adopts, says what it was asked. */
class FakeEngine implements BotEngineApi {
  readonly runs = new Set<number>();
  readonly calls: string[] = [];
  constructor(private readonly store: MemoryLeases) {}
  async start() {}
  async adopt(id: number) {
    if (this.store.robots.get(id) !== 'running') return false;
    this.runs.add(id);
    return true;
  }
  async release(id: number) {
    this.runs.delete(id);
  }
  held() {
    return [...this.runs];
  }
  async apply(id: number) {
    this.calls.push(`apply ${id}`);
    if (this.store.robots.get(id) !== 'running') this.runs.delete(id);
  }
  async emergencyStop(request: EmergencyStopRequest): Promise<EmergencyStopResult> {
    const ids = request.robots.map((r) => r.id);
    this.calls.push(`stop ${ids.join(',')}`);
    const running = request.robots.filter((r) => r.status === 'running').map((r) => r.id);
    for (const id of ids) {
      this.store.robots.set(id, 'stopped');
      this.runs.delete(id);
    }
    return { robotsStopped: running, ordersCancelled: ids.length * 2, ordersFilled: 1, failed: [], elapsedMs: 5 };
  }
  runtime(id: number): RobotRuntime {
    const running = this.runs.has(id);
    // A running bot's live figures (issue 18 §5): computed where it runs, seen on every node.
    const live = running ? { quote: { bid: '99.95', ask: '100.05', spreadBps: '10' }, lastAction: { at: 1, kind: 'requoted' as const, reason: { key: 'bots.reason.midMoved', params: { move: '+0.12 %' } } } } : {};
    return { ...EMPTY_LIVE_FIGURES, ...live, activity: running ? 'active' : 'idle', lastTickAt: null, nextTickAt: null, consecutiveFailures: 0, throttledUntil: null, openOrders: running ? 4 : 0 };
  }
  async shutdown() {}
}

function robotsOf(store: MemoryLeases): Pick<RobotStore, 'get' | 'markManyStopped' | 'markStopped'> {
  return {
    get: async (id) => (store.robots.has(id) ? record(id, store.robots.get(id)!) : null),
    markStopped: async (id) => void store.robots.set(id, 'stopped'),
    markManyStopped: async (ids) => ids.forEach((id) => store.robots.set(id, 'stopped')),
  };
}

const options = { cycleMs: 40, ttlMs: 2000, fenceMarginMs: 500, requestTimeoutMs: 300, runtimeEveryMs: 30 };

function node(net: LocalClusterNet, store: MemoryLeases, id: string) {
  const engine = new FakeEngine(store);
  const touched: number[] = [];
  const cluster = new ClusterEngine({ engine, bus: net.bus(id), store, robots: robotsOf(store), url: `http://${id}`, options, onRuntime: (robotId) => touched.push(robotId) });
  return { engine, cluster, touched };
}

describe('ClusterEngine', () => {
  it('runtimes of bots run elsewhere show on every node; a switch-off applied on a non-owner reaches the owner; a switch-on of a free bot is claimed here', async () => {
    const net = new LocalClusterNet();
    const store = new MemoryLeases(4);
    const a = node(net, store, 'A');
    const b = node(net, store, 'B');
    await a.cluster.start();
    await b.cluster.start();
    await vi.waitFor(() => expect([a.engine.runs.size, b.engine.runs.size]).toEqual([2, 2]), { timeout: 3000, interval: 20 });
    const onA = [...a.engine.runs][0]!;
    a.cluster.observer.activity?.(onA, 'active');
    await vi.waitFor(() => expect(b.cluster.runtime(onA)).toMatchObject({ activity: 'active', openOrders: 4 }), { timeout: 2000, interval: 10 });
    expect(b.cluster.runtime(onA).quote).toEqual({ bid: '99.95', ask: '100.05', spreadBps: '10' });
    expect(b.cluster.runtime(onA).lastAction?.reason).toEqual({ key: 'bots.reason.midMoved', params: { move: '+0.12 %' } });
    expect(b.touched).toContain(onA);
    expect(b.engine.runtime(onA).activity).toBe('idle');

    store.robots.set(onA, 'stopped');
    await b.cluster.apply(onA);
    expect(a.engine.calls).toContain(`apply ${onA}`);
    expect(b.engine.calls).not.toContain(`apply ${onA}`);
    expect(a.engine.runs.has(onA)).toBe(false);
    expect(store.leases.has(onA)).toBe(false);
    // Its owner says it stopped running there: the other node forgets what it showed.
    await vi.waitFor(() => expect(b.cluster.runtime(onA).activity).toBe('idle'), { timeout: 2000, interval: 10 });

    store.robots.set(9, 'running');
    await b.cluster.apply(9);
    expect(b.engine.runs.has(9)).toBe(true);
    expect(await store.ownerOf(9)).toBe('B');
    await a.cluster.shutdown();
    await b.cluster.shutdown();
  });

  it('an emergency stop is split by owner: own and free bots stopped here, another node’s there, a silent node’s switched off and named in failed', async () => {
    const net = new LocalClusterNet();
    const store = new MemoryLeases(0);
    const a = node(net, store, 'A');
    const b = node(net, store, 'B');
    for (const id of [1, 2, 3, 4]) store.robots.set(id, 'running');
    store.robots.set(5, 'stopped');
    expect(await a.cluster.keeper.claimNow(1)).toBe(true);
    expect(await b.cluster.keeper.claimNow(2)).toBe(true);
    store.leases.set(3, { node: 'Z', expires: Date.now() + 60_000, epoch: 1 });
    const started = Date.now();
    const result = await a.cluster.emergencyStop({ robots: [1, 2, 3, 4, 5].map((id) => record(id, id === 5 ? 'stopped' : 'running')), reason: 'test', waitMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(a.engine.calls).toEqual(['stop 1,4,5']);
    expect(b.engine.calls).toEqual(['stop 2']);
    expect([...result.robotsStopped].sort()).toEqual([1, 2, 3, 4]);
    expect(result.ordersCancelled).toBe(8);
    expect(result.ordersFilled).toBe(2);
    // What it means for the bot, in each reader's language; what went wrong between the servers only in the log.
    const silent = { key: 'bots.emergency.ownerSilent', params: {} };
    expect(result.failed).toEqual([{ robotId: 3, clientOrderId: null, orderNo: null, kind: 'no_answer', message: renderServerText(silent, 'en_US'), text: silent }]);
    expect(result.failed[0]!.message).toMatch(/^the server running the bot did not answer; its orders are cancelled/);
    expect(renderServerText(result.failed[0]!.text!, 'zh_CN')).toBe('运行该机器人的服务器无应答；该服务器停止它或其租约到期时将撤销其订单');
    expect(store.robots.get(3)).toBe('stopped');
    expect([...store.leases.keys()]).toEqual([3]);
    expect(a.cluster.keeper.heldIds()).toEqual([]);
    expect(b.cluster.keeper.heldIds()).toEqual([]);
  });

  it('a request to an owner that died is not waited out: once it is no longer live and its leases ran out, the change and the stop are carried out here', async () => {
    const net = new LocalClusterNet();
    const store = new MemoryLeases(0);
    // A long time limit: the dead owner must be noticed well before it.
    const patient = { ...options, requestTimeoutMs: 20_000, ownerCheckMs: 50 };
    const engine = new FakeEngine(store);
    const a = new ClusterEngine({ engine, bus: net.bus('A'), store, robots: robotsOf(store), url: 'http://A', options: patient });
    await a.keeper.start();
    for (const id of [7, 8, 9]) {
      store.robots.set(id, 'running');
      // Held by Z, which died (no heartbeat, so not live); its leases run out shortly.
      store.leases.set(id, { node: 'Z', expires: Date.now() + 400, epoch: 1 });
    }
    const started = Date.now();
    await a.apply(7);
    const applied = Date.now() - started;
    expect(applied).toBeGreaterThanOrEqual(350);
    expect(applied).toBeLessThan(3000);
    expect(a.keeper.heldIds()).toContain(7);
    expect(engine.runs.has(7)).toBe(true);

    for (const id of [8, 9]) store.leases.set(id, { node: 'Z', expires: Date.now() + 400, epoch: 1 });
    const stopping = Date.now();
    const result = await a.emergencyStop({ robots: [record(8, 'running'), record(9, 'running')], reason: 'test', waitMs: 200 });
    expect(Date.now() - stopping).toBeLessThan(3000);
    expect(engine.calls).toContain('stop 8,9');
    expect([...result.robotsStopped].sort()).toEqual([8, 9]);
    expect(result.ordersCancelled).toBe(4);
    expect(result.failed).toEqual([]);
    expect([8, 9].map((id) => store.robots.get(id))).toEqual(['stopped', 'stopped']);
    await a.shutdown();
  });

  it('an owner that is live but slow is waited for, not overtaken', async () => {
    const net = new LocalClusterNet();
    const store = new MemoryLeases(0);
    const a = node(net, store, 'A');
    const b = node(net, store, 'B');
    await b.cluster.keeper.start();
    store.robots.set(4, 'running');
    expect(await b.cluster.keeper.claimNow(4)).toBe(true);
    // B answers only after several of A's looks at the owner.
    const slow = b.engine.apply.bind(b.engine);
    b.engine.apply = async (id: number) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return slow(id);
    };
    const fast = new ClusterEngine({ engine: a.engine, bus: net.bus('A2'), store, robots: robotsOf(store), url: 'http://A2', options: { ...options, requestTimeoutMs: 5000, ownerCheckMs: 20 } });
    // A running node: its lease keeper has seen B live.
    await fast.keeper.start();
    store.robots.set(4, 'stopped');
    const started = Date.now();
    await fast.apply(4);
    // Resolved with B's answer, asked once.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(b.engine.calls.filter((c) => c === 'apply 4')).toEqual(['apply 4']);
    expect(a.engine.calls).not.toContain('apply 4');
    expect(fast.keeper.heldIds()).toEqual([]);
    await fast.keeper.leave();
    await b.cluster.shutdown();
  });
});

