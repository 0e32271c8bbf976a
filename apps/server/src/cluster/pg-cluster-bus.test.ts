import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../testing/scratch-database.ts';
import { postgresServerUrl } from '../testing/test-postgres.ts';
import { NOTICE_MAX_BYTES } from './notice-codec.ts';
import { BUS_CHANNEL, PgClusterBus, type BusLog } from './pg-cluster-bus.ts';

// LISTEN/NOTIFY needs PostgreSQL: a scratch database on the test run's server.
const baseUrl = postgresServerUrl();
let scratch: ScratchDatabase;
let url: string;
let raw: pg.Client;
/** Every notice on the channel as the database sent it (byte sizes, counts). */
const seen: string[] = [];
const opened: PgClusterBus[] = [];

function recordingLog(): BusLog & { warnings: string[]; errors: string[] } {
  const warnings: string[] = [];
  const errors: string[] = [];
  return { warnings, errors, warn: (_obj, msg) => warnings.push(msg ?? ''), error: (_obj, msg) => errors.push(msg ?? '') };
}

async function openBus(log: BusLog = recordingLog(), extra: Partial<Parameters<typeof PgClusterBus.open>[0]> = {}): Promise<PgClusterBus> {
  const bus = await PgClusterBus.open({ url, nodeId: randomUUID(), log, backoff: { minMs: 20, maxMs: 200 }, ...extra });
  opened.push(bus);
  return bus;
}

/** Collects what a bus's listeners of `topic` hear, with the sender. */
function collect<T>(bus: PgClusterBus, topic: string): { got: { payload: T; from: string }[]; until(n: number): Promise<void> } {
  const got: { payload: T; from: string }[] = [];
  bus.subscribe<T>(topic, (payload, from) => got.push({ payload, from }));
  return { got, until: (n) => waitFor(() => got.length >= n, `${n} messages on ${topic} (have ${got.length})`) };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function backendsOf(nodeId: string): Promise<number> {
  const { rows } = await raw.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where application_name like '%' || $1", [nodeId]);
  return rows[0]!.n;
}

beforeAll(async () => {
  scratch = await scratchDatabase(baseUrl);
  if (scratch.target.kind !== 'postgres') throw new Error('expected a PostgreSQL scratch database');
  url = scratch.target.url;
  raw = new pg.Client({ connectionString: url });
  await raw.connect();
  raw.on('notification', (n) => seen.push(n.payload ?? ''));
  await raw.query(`listen ${BUS_CHANNEL}`);
});

afterAll(async () => {
  for (const bus of opened) await bus.close();
  await raw.end();
  await scratch.drop();
});

describe('PgClusterBus on PostgreSQL', () => {
  it('delivers every message to both nodes, each sender’s in its order, its own once', async () => {
    const a = await openBus();
    const b = await openBus();
    const atA = collect<number>(a, 'count');
    const atB = collect<number>(b, 'count');
    for (let i = 0; i < 50; i++) {
      a.publish('count', i);
      b.publish('count', 100 + i);
    }
    a.publish('other', 'not counted');
    await atA.until(100);
    await atB.until(100);
    await new Promise((resolve) => setTimeout(resolve, 50)); // nothing more (no duplicates) arrives
    for (const { got } of [atA, atB]) {
      expect(got).toHaveLength(100);
      expect(got.filter((m) => m.from === a.nodeId).map((m) => m.payload)).toEqual([...Array(50).keys()]);
      expect(got.filter((m) => m.from === b.nodeId).map((m) => m.payload)).toEqual([...Array(50).keys()].map((i) => 100 + i));
    }
  });

  it('batches 1,000 small messages into a handful of notices under the byte limit', async () => {
    const a = await openBus();
    const b = await openBus();
    const atB = collect<{ i: number; note: string }>(b, 'small');
    const before = a.stats.noticesSent;
    const seenBefore = seen.length;
    for (let i = 0; i < 1000; i++) a.publish('small', { i, note: 'bot 42 status changed' });
    await a.flush();
    await atB.until(1000);
    const notices = a.stats.noticesSent - before;
    await waitFor(() => seen.length - seenBefore >= notices, 'the raw listener to see every notice');
    const bytes = seen.slice(seenBefore).map((text) => Buffer.byteLength(text, 'utf8'));
    // Each message is ~50 bytes: 50 kB over 8 kB notices.
    console.log(`[pg-cluster-bus] 1,000 messages -> ${notices} notices (largest ${Math.max(...bytes)} bytes)`);
    expect(notices).toBeGreaterThanOrEqual(6);
    expect(notices).toBeLessThanOrEqual(10);
    expect(Math.max(...bytes)).toBeLessThanOrEqual(NOTICE_MAX_BYTES);
    expect(atB.got.map((m) => m.payload.i)).toEqual([...Array(1000).keys()]);
  });

  it('splits a 50 kB message into parts and joins it whole, in order with the messages around it', async () => {
    const a = await openBus();
    const b = await openBus();
    const atB = collect<unknown>(b, 'big');
    const big = { text: Array.from({ length: 50_000 }, (_, i) => String.fromCharCode(32 + (i % 90))).join(''), quote: '"\\\n' };
    a.publish('big', 'before');
    a.publish('big', big);
    a.publish('big', 'after');
    await a.flush();
    await atB.until(3);
    expect(atB.got.map((m) => m.payload)).toEqual(['before', big, 'after']);
    expect(b.partialMessages).toBe(0);
  });

  it('measures bytes, not characters: Chinese text just under and just over one notice', async () => {
    const a = await openBus();
    const b = await openBus();
    const atB = collect<string>(b, 'zh');
    const seenBefore = seen.length;
    const before = a.stats.noticesSent;
    // 3 bytes a character: 2,600 characters are 7,800 bytes (one notice), 2,700 are 8,100 (two parts).
    const under = '订单已成交'.repeat(520);
    const over = '机器人已停止'.repeat(450) + '😀';
    a.publish('zh', under);
    a.publish('zh', over);
    await a.flush();
    await atB.until(2);
    expect(atB.got.map((m) => m.payload)).toEqual([under, over]);
    await waitFor(() => seen.length - seenBefore >= a.stats.noticesSent - before, 'the raw listener to see every notice');
    const sizes = seen.slice(seenBefore).map((text) => Buffer.byteLength(text, 'utf8'));
    // The first fills a notice alone (7,800 bytes of text and its envelope); the second goes in two parts.
    expect(a.stats.noticesSent - before).toBe(3);
    expect(sizes).toHaveLength(3);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(NOTICE_MAX_BYTES);
  });

  it('ignores malformed notices and stray parts, logging them, and keeps delivering', async () => {
    const log = recordingLog();
    const b = await openBus(log, { partTimeoutMs: 200 });
    const a = await openBus();
    const atB = collect<string>(b, 'after');
    for (const garbage of ['not json', '{"from":"x","seq":1,"msgs":[[1,2]]}', '[]', '{"from":"x","seq":-1,"msgs":[]}', '{"from":"x","seq":1,"part":[1,1,2,"AAAA"]}']) {
      await raw.query('select pg_notify($1, $2)', [BUS_CHANNEL, garbage]);
    }
    // The first part of a message whose second part never comes: held, then dropped after the timeout.
    await raw.query('select pg_notify($1, $2)', [BUS_CHANNEL, JSON.stringify({ from: 'ghost', seq: 1, part: [7, 0, 2, Buffer.from('["t",').toString('base64')] })]);
    a.publish('after', 'still here');
    await atB.until(1);
    expect(atB.got[0]!.payload).toBe('still here');
    expect(b.stats.malformedNotices).toBe(5);
    expect(log.warnings.length).toBe(5);
    expect(b.partialMessages).toBe(1);
    await waitFor(() => b.partialMessages === 0, 'the stray part to be dropped', 3000);
  });

  it('listens again after its connection is terminated, calls onReconnect, and delivers later messages', async () => {
    const a = await openBus();
    const b = await openBus();
    const atB = collect<string>(b, 'after-restart');
    let reconnected = 0;
    b.onReconnect(() => (reconnected += 1));
    const { rows } = await raw.query<{ ok: boolean }>("select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'makerdesk-bus ' || $1", [b.nodeId]);
    expect(rows).toEqual([{ ok: true }]);
    await waitFor(() => reconnected === 1, 'onReconnect');
    expect(b.stats.reconnects).toBe(1);
    a.publish('after-restart', 'hello again');
    await atB.until(1);
    expect(atB.got.map((m) => m.payload)).toEqual(['hello again']);
    // Its own publishing connection terminated too: the next send opens another.
    await raw.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'makerdesk-bus-send ' || $1", [b.nodeId]);
    const atA = collect<string>(a, 'from-b');
    b.publish('from-b', 'sent on a new connection');
    await atA.until(1);
    expect(atA.got[0]!.payload).toBe('sent on a new connection');
  });

  it('while the database refuses connections, keeps the newest messages (bounded) and sends them once it is back', async () => {
    const log = recordingLog();
    const a = await openBus(log, { queue: { maxMessages: 3, maxBytes: 1 << 20 } });
    const b = await openBus();
    const atB = collect<number>(b, 'outage');
    let reconnected = 0;
    a.onReconnect(() => (reconnected += 1));
    const name = new URL(url).pathname.slice(1);
    // A database's connections are allowed or not from another database's session.
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`alter database ${name} allow_connections false`);
    let flushed = false;
    let flush: Promise<void>;
    try {
      await raw.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name in ('makerdesk-bus ' || $1, 'makerdesk-bus-send ' || $1)", [a.nodeId]);
      for (let i = 1; i <= 5; i++) a.publish('outage', i);
      flush = a.flush().then(() => void (flushed = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(flushed).toBe(false);
      expect(atB.got).toEqual([]);
      expect(a.stats.droppedMessages).toBe(2);
      expect(log.warnings).toEqual(expect.arrayContaining(['cluster bus: cannot send notices; keeping them and retrying', 'cluster bus: queue full while notices cannot be sent; dropping the oldest']));
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    await flush;
    await atB.until(3);
    expect(atB.got.map((m) => m.payload)).toEqual([3, 4, 5]);
    await waitFor(() => reconnected === 1, 'A listening again');
  });

  it('close sends what is queued, then ends both of its connections', async () => {
    const a = await openBus();
    const b = await openBus();
    const atB = collect<number>(b, 'last');
    a.publish('last', 1);
    a.publish('last', 2);
    expect(await backendsOf(a.nodeId)).toBe(2);
    await a.close();
    await atB.until(2);
    expect(atB.got.map((m) => m.payload)).toEqual([1, 2]);
    // A backend leaves pg_stat_activity a moment after its client hangs up.
    let left = await backendsOf(a.nodeId);
    for (let i = 0; i < 100 && left > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      left = await backendsOf(a.nodeId);
    }
    expect(left).toBe(0);
    expect(() => a.publish('last', 3)).not.toThrow();
    await a.close(); // twice is fine
  });
});
