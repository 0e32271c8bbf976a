import type { FeedStatus } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { FeedOutage } from '../ports.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { testLadderStrategy, testRobotRecord } from '../testing/test-strategies.ts';
import { FEED_DOWN_INCIDENT_MS, FeedLog, FeedOutages } from './feed-watch.ts';

const stream = (since: number): FeedStatus => ({ mode: 'stream', since, reason: null });
const down = (since: number): FeedStatus => ({ mode: 'polling', since, reason: 'down' });
const unsupported = (since: number): FeedStatus => ({ mode: 'polling', since, reason: 'unsupported' });

/** A live venue (the simulator's account playing one) whose feed the test sets; two bots on one key and pair. */
function liveHarness(robots = [testRobotRecord(1), testRobotRecord(2)]) {
  const told: { down: FeedOutage[]; up: (FeedOutage & { downMs: number })[] } = { down: [], up: [] };
  const h = new SimHarness(() => testLadderStrategy(), robots, {
    simulated: false,
    ports: { feedIncidents: { streamDown: (o) => told.down.push(o), streamUp: (o) => told.up.push(o) } },
  });
  let feed: FeedStatus | null = stream(h.clock.now());
  const asked: string[] = [];
  // The venue's own object: the runner reaches it through its call timeout and the key's rate budget.
  Object.assign(h.key('mm').exchange, {
    feedStatus: (symbol: string) => {
      asked.push(symbol);
      return feed;
    },
  });
  return { h, told, asked, set: (next: FeedStatus | null) => (feed = next) };
}

const feedLines = (h: SimHarness, robotId: number) =>
  h.logs
    .of(robotId)
    .filter((e) => e.text.key === 'bots.feedDown' || e.text.key === 'bots.feedBack')
    .map((e) => `${e.level}:${e.message}`);

describe('a live bot’s feed (issue 19)', () => {
  it('the runtime carries the venue’s feed through the call timeout and rate budget; the log says once when the stream goes down and once when it is back', async () => {
    const { h, asked, set } = liveHarness([testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(0);
    expect(h.engine.runtime(1).feed).toEqual({ mode: 'stream', since: expect.any(Number), reason: null });
    expect(asked).toContain('ETH/USDT');

    const lostAt = h.clock.now();
    set(down(lostAt));
    await h.clock.advance(30_000);
    expect(h.engine.runtime(1).feed).toEqual({ mode: 'polling', since: lostAt, reason: 'down' });
    expect(feedLines(h, 1)).toEqual(["warn:The venue's stream is down: reading the market and the account by REST polling until it is back"]);
    // A warning of the venue, not an error of the bot.
    expect(h.engine.runtime(1).errors.count).toBe(0);

    set(stream(lostAt + 95_000));
    await h.clock.advance(200_000);
    expect(h.engine.runtime(1).feed).toEqual({ mode: 'stream', since: lostAt + 95_000, reason: null });
    expect(feedLines(h, 1)).toEqual([
      "warn:The venue's stream is down: reading the market and the account by REST polling until it is back",
      "info:The venue's stream is back after 1 min 35 s of polling: the market and the account are pushed again",
    ]);
    const back = h.logs.of(1).find((e) => e.text.key === 'bots.feedBack')!;
    expect(back.text.params).toEqual({ down: '1 min 35 s' });
  });

  it('a stream down past a minute is one incident for the key and pair, whichever bots see it; its recovery one more', async () => {
    const { h, told, set } = liveHarness();
    await h.engine.start();
    await h.clock.advance(0);
    const lostAt = h.clock.now();
    set(down(lostAt));
    await h.clock.advance(FEED_DOWN_INCIDENT_MS - 10_000);
    expect(told.down, 'not before a minute').toEqual([]);
    await h.clock.advance(60_000);
    expect(told.down).toEqual([expect.objectContaining({ adminId: 1, coinId: 2, symbol: 'ETH/USDT', budgetKey: 'sim:mm', venue: 'sim', since: lostAt })]);
    await h.clock.advance(120_000);
    expect(told.down).toHaveLength(1);
    // Each bot's log says it once.
    expect(feedLines(h, 1)).toHaveLength(1);
    expect(feedLines(h, 2)).toHaveLength(1);

    const backAt = h.clock.now();
    set(stream(backAt));
    await h.clock.advance(30_000);
    expect(told.up).toEqual([expect.objectContaining({ since: lostAt, downMs: backAt - lostAt, budgetKey: 'sim:mm' })]);
    expect(told.down).toHaveLength(1);
  });

  it('polling on a venue without a stream is shown, never logged nor an incident', async () => {
    const { h, told, set } = liveHarness([testRobotRecord(1)]);
    set(unsupported(1));
    await h.engine.start();
    await h.clock.advance(200_000);
    expect(h.engine.runtime(1).feed).toEqual({ mode: 'polling', since: 1, reason: 'unsupported' });
    expect(feedLines(h, 1)).toEqual([]);
    expect(told.down).toEqual([]);
  });

  it('a bot on the simulator carries no feed', async () => {
    const h = new SimHarness(() => testLadderStrategy(), [testRobotRecord(1)]);
    Object.assign(h.key('mm').exchange, { feedStatus: () => down(1) });
    await h.engine.start();
    await h.clock.advance(60_000);
    expect(h.engine.runtime(1).feed).toBeNull();
    expect(feedLines(h, 1)).toEqual([]);
    expect(h.engine.runtime(99).feed).toBeNull();
  });
});

describe('FeedLog', () => {
  it('tells a down once, a new outage again, a recovery only onto a stream', () => {
    const log = new FeedLog();
    expect(log.observe(stream(0), 0)).toBeNull();
    expect(log.observe(down(10), 11)).toEqual({ type: 'down', since: 10 });
    expect(log.observe(down(10), 20)).toBeNull();
    expect(log.observe(down(30), 31)).toEqual({ type: 'down', since: 30 });
    expect(log.observe(stream(90), 95)).toEqual({ type: 'back', downMs: 60 });
    expect(log.observe(stream(90), 96)).toBeNull();
    expect(log.observe(down(100), 100)).toEqual({ type: 'down', since: 100 });
    expect(log.observe(unsupported(100), 110), 'no stream to be back on').toBeNull();
    expect(log.observe(stream(120), 120)).toBeNull();
  });
});

describe('FeedOutages', () => {
  it('one down per key outage after the threshold, its up only when the down was told', () => {
    const outages = new FeedOutages(60_000);
    expect(outages.observe('k|A', down(1000), 30_000)).toBeNull();
    expect(outages.observe('k|A', down(1000), 61_000)).toEqual({ type: 'down', since: 1000 });
    expect(outages.observe('k|A', down(1000), 90_000)).toBeNull();
    expect(outages.observe('k|B', down(1000), 90_000), 'another pair, its own outage').toEqual({ type: 'down', since: 1000 });
    expect(outages.observe('k|A', stream(100_000), 100_500)).toEqual({ type: 'up', since: 1000, downMs: 99_000 });
    expect(outages.observe('k|A', stream(100_000), 101_000)).toBeNull();
    // A short outage: neither down nor up.
    expect(outages.observe('k|A', down(200_000), 210_000)).toBeNull();
    expect(outages.observe('k|A', stream(220_000), 220_000)).toBeNull();
    expect(outages.observe('k|A', null, 300_000)).toBeNull();
  });
});
