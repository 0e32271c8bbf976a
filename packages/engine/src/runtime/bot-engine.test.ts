import { renderServerText } from '@makerdesk/contract';
import { isOwnClientOrderId, makerDeskClientOrderId, type PlaceOrderRequest } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { AccountOrder, AnyStrategy } from '../strategy.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { testLadderStrategy, testRobotRecord } from '../testing/test-strategies.ts';
import { faults } from '../testing/faulty-exchange.ts';
import { place, replace, stop } from '../intents.ts';
import { strategyRegistry } from '../strategies/registry.ts';

/** A valid volume_mid config: small rounds every 2-3 s. */
const simOnlyConfig = { volumeMin: '0.01', volumeMax: '0.02', intervalMin: 2, intervalMax: 3, orderCountMin: 1, orderCountMax: 2 };
import { mul } from '@makerdesk/decimal';

const registry = (strategy: AnyStrategy = testLadderStrategy()) => () => strategy;

async function liveVenueOrders(h: SimHarness, robotId: number, apiKey = 'mm') {
  return (await h.venueOrders(apiKey, robotId, 'ETH/USDT')).filter((o) => o.status === 'pending' || o.status === 'partial_filled');
}

describe('createBotEngine on the simulator', () => {
  it('reconciles, then quotes the ladder; ticks at its interval, saves the state, reports activity', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(0);
    expect(h.engine.runtime(1).activity).toBe('active');
    const live = await liveVenueOrders(h, 1);
    expect(live).toHaveLength(4);
    expect(live.every((o) => o.timeInForce === 'GTC')).toBe(true);
    expect(h.journal.all(1).map((o) => o.state)).toEqual(['open', 'open', 'open', 'open']);
    expect(h.engine.runtime(1)).toMatchObject({ openOrders: 4, consecutiveFailures: 0 });
    const next = h.engine.runtime(1).nextTickAt!;
    expect(next - h.clock.now()).toBeGreaterThanOrEqual(5000);
    expect(next - h.clock.now()).toBeLessThanOrEqual(10_000);
    await h.clock.advance(60_000);
    expect(h.store.robots.get(1)!.state).toMatchObject({ ticks: expect.any(Number) });
    expect((h.store.robots.get(1)!.state as { ticks: number }).ticks).toBeGreaterThanOrEqual(7);
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
    expect(h.observed.tickToOrder.length).toBeGreaterThan(0);
  });

  it('a live venue: the open orders are read once a tick, shared by the self-trade guard and the reconciliation; placements carry that read', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1)], { simulated: false });
    await h.engine.start();
    await h.clock.advance(0);
    const key = h.key('mm');
    expect(key.count('fetchOpenOrders', 'attempts'), 'the start-up reconciliation’s read serves the first quote').toBe(1);
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
    for (let s = 0; s < 60; s++) {
      h.venue.step();
      await h.clock.advance(1000);
    }
    const ticks = (h.store.robots.get(1)!.state as { ticks: number }).ticks;
    expect(ticks).toBeGreaterThanOrEqual(7);
    expect(key.count('fetchOpenOrders', 'attempts')).toBe(ticks);
    const placements = key.log.filter((r) => r.method === 'placeOrder').map((r) => r.args[0] as PlaceOrderRequest);
    expect(placements.length).toBeGreaterThanOrEqual(4);
    expect(placements.every((p) => Array.isArray(p.knownResting))).toBe(true);
    // The last placement of a tick sees the tick's earlier placements among the resting orders.
    expect(placements[3]!.knownResting!.length).toBeGreaterThanOrEqual(3);
    expect(h.journal.all(1).filter((o) => o.state === 'open')).toHaveLength(4);
  });

  it("hands the strategy the account's resting orders on the pair (the desk's book, issue 19): on the simulator when it asks, on a live venue from the tick's one read", async () => {
    const recorder = (asks: boolean) => {
      const seen: (readonly AccountOrder[] | undefined)[] = [];
      const ladder = testLadderStrategy({
        decide: (input, normal) => {
          seen.push(input.market.accountOrders);
          return normal();
        },
      });
      return { seen, strategy: { ...ladder, needs: () => ({ bookDepth: 5, references: [], ...(asks ? { accountOrders: true } : {}) }) } };
    };
    // Two bots on one key that ask: each tick after the first ones sees both ladders, with amounts.
    const asking = recorder(true);
    const h = new SimHarness(registry(asking.strategy), [testRobotRecord(1), testRobotRecord(2)]);
    await h.engine.start();
    await h.clock.advance(30_000);
    const both = [...(await liveVenueOrders(h, 1)), ...(await liveVenueOrders(h, 2))];
    expect(both).toHaveLength(8);
    const last = asking.seen.at(-1);
    expect(last, 'the simulator reads them for a strategy that asks').toBeDefined();
    expect(new Set(last!.map((o) => o.clientOrderId))).toEqual(new Set(both.map((o) => o.clientOrderId)));
    expect(last!.find((o) => o.clientOrderId === both[0]!.clientOrderId)).toEqual({
      clientOrderId: both[0]!.clientOrderId,
      side: both[0]!.direction,
      price: both[0]!.price,
      amount: both[0]!.amount,
      filledAmount: both[0]!.filledAmount,
    });

    // The simulator does not read them for a strategy that does not ask (no extra call a tick)...
    const silent = recorder(false);
    const quiet = new SimHarness(registry(silent.strategy), [testRobotRecord(1)]);
    await quiet.engine.start();
    await quiet.clock.advance(30_000);
    expect(silent.seen.length).toBeGreaterThan(1);
    expect(silent.seen.every((orders) => orders === undefined)).toBe(true);

    // ...a live venue hands over the read it makes anyway.
    const live = recorder(false);
    const onLive = new SimHarness(registry(live.strategy), [testRobotRecord(1)], { simulated: false });
    await onLive.engine.start();
    await onLive.clock.advance(30_000);
    expect(live.seen.every((orders) => orders !== undefined)).toBe(true);
    expect(live.seen.at(-1)).toHaveLength(4);
  });

  it('follows a key change at its next tick: the old key\'s orders cancelled, then the new key reconciled and quoted', async () => {
    let key: string | null = 'mm';
    const h = new SimHarness(registry(), [testRobotRecord(1)], { keyOf: () => key ?? 'gone' });
    await h.engine.start();
    await h.clock.advance(0);
    expect(await liveVenueOrders(h, 1, 'mm')).toHaveLength(4);

    key = 'mm2';
    await h.clock.advance(10_000);
    expect(await liveVenueOrders(h, 1, 'mm'), 'nothing left on the old key').toEqual([]);
    expect(await liveVenueOrders(h, 1, 'mm2'), 'quoting with the new key').toHaveLength(4);
    expect(h.logs.entries.some((e) => e.robotId === 1 && e.message.startsWith('Its API key was changed'))).toBe(true);
    const placedOnOld = h.key('mm').count('placeOrder', 'attempts');
    await h.clock.advance(30_000);
    expect(h.key('mm').count('placeOrder', 'attempts'), 'no order on the old key after the change').toBe(placedOnOld);
    expect(h.journal.all(1).filter((o) => o.state === 'open')).toHaveLength(4);
  });

  it('two bots on one key never cancel each other’s orders or a manual one', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1), testRobotRecord(2)]);
    const account = h.venue.account('mm');
    const manual = await account.placeOrder({ symbol: 'ETH/USDT', direction: 'buy', tradeType: 'limit', price: '2500.00', amount: '0.0100', clientOrderId: makerDeskClientOrderId('manual') });
    await h.engine.start();
    await h.clock.advance(30_000);
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
    expect(await liveVenueOrders(h, 2)).toHaveLength(4);

    h.store.robots.get(1)!.status = 'stopped';
    await h.engine.apply(1);
    expect(h.engine.runtime(1).activity).toBe('idle');
    expect(await liveVenueOrders(h, 1)).toEqual([]);
    expect(await liveVenueOrders(h, 2)).toHaveLength(4);
    expect((await account.fetchOpenOrders('ETH/USDT')).some((o) => o.orderNo === manual.orderNo)).toBe(true);
    const canceled = h.key('mm').log.filter((r) => r.method === 'cancelOrder').map((r) => r.args[1]);
    const bot1Orders = new Set((await h.venueOrders('mm', 1, 'ETH/USDT')).map((o) => o.orderNo));
    expect(canceled.every((no) => bot1Orders.has(no as string))).toBe(true);
    expect(h.key('mm').count('cancelOrders', 'attempts')).toBe(0);
  });

  it('crash mid-flight: a new engine over the same journal and venue resolves the orders left "sending", doubles nothing', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1), testRobotRecord(2)]);
    const faulty = h.key('mm');
    const ofBot = (id: number) => ({ when: ([request]: readonly unknown[]) => isOwnClientOrderId((request as PlaceOrderRequest).clientOrderId, `b${id}`) });
    // Bot 1's first placement reaches the venue and the process dies before the answer; bot 2's never reaches it.
    faulty.inject('placeOrder', faults.hangAfter, ofBot(1));
    faulty.inject('placeOrder', faults.hang, ofBot(2));
    await h.engine.start();
    await h.clock.advance(0);
    expect(h.journal.all(1).map((o) => `${o.tag}:${o.state}`)).toEqual(['bid-0:sending']);
    expect(h.journal.all(2).map((o) => `${o.tag}:${o.state}`)).toEqual(['bid-0:sending']);
    const [lost1] = h.journal.all(1);
    const [lost2] = h.journal.all(2);

    await h.restart();
    await h.clock.advance(0);
    // Found on the venue: adopted. Not found yet: kept (the strategy leaves its slot alone) until the venue had time.
    expect(h.journal.orders.get(lost1!.clientOrderId)!.state).toBe('open');
    expect(h.journal.orders.get(lost2!.clientOrderId)!.state).toBe('sending');
    // The trading log says the restarted bot found what the last run left.
    expect(h.logs.of(1, 'info').map((e) => e.message)).toContain('Started: reconciled with the venue, 1 own order(s) found resting (left by the last run)');
    expect(h.journal.all(2).filter((o) => o.tag === 'bid-0')).toHaveLength(1);
    await h.clock.advance(60_000);
    expect(h.journal.orders.get(lost2!.clientOrderId)).toMatchObject({ state: 'rejected', error: expect.stringMatching(/not found on the venue/) });
    const tagOf = new Map(h.journal.all(1).concat(h.journal.all(2)).map((o) => [o.clientOrderId, o.tag]));
    for (const id of [1, 2]) {
      const live = await liveVenueOrders(h, id);
      expect(live).toHaveLength(4);
      expect(new Set(live.map((o) => tagOf.get(o.clientOrderId!))).size).toBe(4);
      for (const order of await h.venueOrders('mm', id, 'ETH/USDT')) expect(h.journal.orders.get(order.clientOrderId!)).toBeDefined();
    }
    expect(faulty.log.filter((r) => r.method === 'placeOrder' && (r.args[0] as PlaceOrderRequest).clientOrderId === lost1!.clientOrderId)).toHaveLength(1);
  });

  it('a 429 storm: the key backs off, nothing is sent during the pause, the bot shows throttled, then resumes', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(0);
    const faulty = h.key('mm');
    faulty.inject('*', faults.rateLimit(30_000), { times: 3 });
    await h.clock.until(() => h.budgets.throttledUntil('sim:mm') !== null, 20_000);
    const until = h.budgets.throttledUntil('sim:mm')!;
    const attempts = [...faulty.attempts.values()].reduce((a, b) => a + b, 0);
    await h.clock.advance(until - h.clock.now() - 1000);
    expect(h.engine.runtime(1)).toMatchObject({ activity: 'throttled', throttledUntil: until });
    expect([...faulty.attempts.values()].reduce((a, b) => a + b, 0)).toBe(attempts);
    expect(h.observed.activity).toContainEqual([1, 'throttled']);
    await h.clock.until(() => h.engine.runtime(1).activity === 'active', 120_000);
    await h.clock.advance(60_000);
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
    expect(h.engine.runtime(1).consecutiveFailures).toBe(0);
  });

  it('stops itself after 10 failed ticks in a row, with the reason in its status and the log, and cancels its orders', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(0);
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
    h.key('mm').inject('fetchOrderBook', faults.reset, { times: 1000 });
    await h.clock.until(() => h.store.robots.get(1)!.status === 'stopped', 300_000, 1000);
    expect(h.store.stopReasons.get(1)).toMatch(/^10 ticks failed in a row; the last: read ECONNRESET/);
    expect(h.logs.of(1, 'error').map((e) => e.message)).toContainEqual(expect.stringMatching(/^Stopped: 10 ticks failed/));
    expect(h.logs.of(1, 'warn').filter((e) => e.message.startsWith('Tick failed'))).toHaveLength(10);
    expect(await liveVenueOrders(h, 1)).toEqual([]);
    expect(h.engine.runtime(1).activity).toBe('idle');
    expect(h.observed.ticks.filter(([, , ok]) => !ok)).toHaveLength(10);
  });

  it('a strategy that throws fails the tick; a success in between resets the count', async () => {
    let calls = 0;
    const flaky = testLadderStrategy({
      decide: (_input, normal) => {
        calls++;
        if (calls % 5 === 0) return normal();
        throw new Error('boom');
      },
    });
    const h = new SimHarness(registry(flaky), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(300_000);
    expect(h.store.robots.get(1)!.status).toBe('running');
    expect(calls).toBeGreaterThan(20);
    expect(h.logs.of(1, 'warn').some((e) => e.message.includes('the strategy failed: boom'))).toBe(true);
  });

  it('the strategy’s stop intent stops the bot with its reason (info) and cancels its orders', async () => {
    const finishing = testLadderStrategy({ decide: (input, normal) => (input.state.ticks >= 2 ? { ...normal(), intents: [stop('target reached')] } : normal()) });
    const h = new SimHarness(registry(finishing), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.until(() => h.store.robots.get(1)!.status === 'stopped', 60_000);
    expect(h.store.stopReasons.get(1)).toBe('target reached');
    expect(h.logs.of(1, 'info').map((e) => e.message)).toContain('Stopped: target reached');
    expect(await liveVenueOrders(h, 1)).toEqual([]);
  });

  it('graceful shutdown cancels the quoting bot’s orders within the limit, leaves it running, and a new engine re-quotes', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(0);
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
    const began = h.clock.now();
    let finished: number | null = null;
    const done = h.engine.shutdown().then(() => (finished = h.clock.now()));
    await h.clock.until(() => finished !== null, 20_000);
    await done;
    expect(finished! - began).toBeLessThanOrEqual(10_000);
    expect(await liveVenueOrders(h, 1)).toEqual([]);
    expect(h.store.robots.get(1)!.status).toBe('running');
    const placedBefore = h.key('mm').count('placeOrder');
    await h.clock.advance(60_000);
    expect(h.key('mm').count('placeOrder')).toBe(placedBefore);
    const said = () => h.logs.of(1, 'info').map((e) => e.message);
    expect(said()).toContain('Server shutting down: own orders cancelled; the bot stays switched on and quotes again at the next start');
    expect(said().filter((m) => m.startsWith('Started: reconciled with the venue, no own order resting'))).toHaveLength(1);

    await h.restart();
    await h.clock.advance(0);
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
    expect(said().filter((m) => m.startsWith('Started: reconciled with the venue, no own order resting'))).toHaveLength(2);
  });

  it('a bot switched off while its orders were still live when the server died: the next start cancels them, and it stays off', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(0);
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
    // The switch-off reached the store, then the process died before a cancel went out.
    await h.store.markStopped(1, 'Emergency stop: stop button pressed (admin)');
    await h.restart();
    await h.clock.until(() => h.journal.all(1).every((o) => ['filled', 'canceled', 'rejected'].includes(o.state)), 30_000);
    expect(await liveVenueOrders(h, 1)).toEqual([]);
    expect(h.store.robots.get(1)!.status).toBe('stopped');
    expect(h.logs.of(1, 'warn').map((e) => e.message)).toContain('Switched off with orders still live at the last stop: cancelling them');
    const placed = h.key('mm').count('placeOrder');
    await h.clock.advance(60_000);
    expect(h.key('mm').count('placeOrder')).toBe(placed);
  });

  it('graceful shutdown does not wait past the limit for a tick stuck on its venue, and places nothing more', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1)], { callTimeoutMs: 60_000 });
    await h.engine.start();
    await h.clock.advance(0);
    h.key('mm').inject('fetchOrderBook', faults.hang);
    await h.clock.until(() => h.key('mm').count('fetchOrderBook', 'attempts') === 2, 20_000);
    let finished: number | null = null;
    const began = h.clock.now();
    const placed = h.key('mm').count('placeOrder', 'attempts');
    void h.engine.shutdown().then(() => (finished = h.clock.now()));
    await h.clock.until(() => finished !== null, 30_000);
    expect(finished! - began).toBeLessThanOrEqual(10_000);
    expect(await liveVenueOrders(h, 1)).toEqual([]);
    await h.clock.advance(120_000);
    expect(h.key('mm').count('placeOrder', 'attempts')).toBe(placed);
  });

  it('graceful shutdown gives up at the limit when the venue does not answer, and still returns', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(0);
    h.key('mm').inject('*', faults.hang, { times: 1000 });
    let finished: number | null = null;
    const began = h.clock.now();
    void h.engine.shutdown().then(() => (finished = h.clock.now()));
    await h.clock.until(() => finished !== null, 30_000);
    expect(finished! - began).toBeLessThanOrEqual(10_000);
    expect(h.store.robots.get(1)!.status).toBe('running');
  });

  it('a scheduled bot reconciles at once but waits for its start time to quote', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1, { startMode: 'scheduled', startAt: 1_700_000_000_000 + 120_000 })]);
    await h.engine.start();
    await h.clock.advance(60_000);
    expect(h.engine.runtime(1).activity).toBe('scheduled');
    expect(h.key('mm').count('fetchOpenOrders')).toBe(1);
    expect(h.key('mm').count('placeOrder')).toBe(0);
    await h.clock.advance(60_000);
    expect(h.engine.runtime(1).activity).toBe('active');
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
  });

  it('apply: a changed config restarts the bot with it; switching it off cancels its orders', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(0);
    expect(await liveVenueOrders(h, 1)).toHaveLength(4);
    h.store.robots.get(1)!.config = { ...h.store.robots.get(1)!.config, layersPerSideMin: 3 };
    await h.engine.apply(1);
    await h.clock.advance(0);
    expect(await liveVenueOrders(h, 1)).toHaveLength(6);
    h.store.robots.get(1)!.status = 'stopped';
    await h.engine.apply(1);
    expect(await liveVenueOrders(h, 1)).toEqual([]);
    const placed = h.key('mm').count('placeOrder');
    await h.clock.advance(60_000);
    expect(h.key('mm').count('placeOrder')).toBe(placed);
    expect(h.engine.runtime(1).activity).toBe('idle');
  });

  it('refuses an invalid config: the bot stops with the schema’s message', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1, { config: { intervalMin: 0 } })]);
    await h.engine.start();
    await h.clock.advance(0);
    expect(h.store.robots.get(1)!.status).toBe('stopped');
    expect(h.store.stopReasons.get(1)).toMatch(/^invalid config/);
    expect(h.store.stopTexts.get(1)).toMatchObject({ key: 'bots.stopReason.invalidConfig' });
    expect(renderServerText(h.store.stopTexts.get(1)!, 'zh_CN')).toMatch(/^配置无效：\w+: /);
    expect(h.key('mm').count('placeOrder')).toBe(0);
  });

  it('refuses a simulation-only type on a live venue session at start: stopped with code 1030034 and the policy, nothing placed', async () => {
    const h = new SimHarness(strategyRegistry, [testRobotRecord(1, { type: 'volume_mid', config: simOnlyConfig })], { simulated: false });
    await h.engine.start();
    await h.clock.advance(0);
    expect(h.store.robots.get(1)!.status).toBe('stopped');
    expect(h.store.stopReasons.get(1)).toMatch(/runs on the simulator only \(1030034\).*market integrity policy/);
    expect(h.logs.entries.some((e) => e.robotId === 1 && e.level === 'error' && /^Stopped: .*1030034/.test(e.message))).toBe(true);
    // Stored as a key and its params: the Chinese console reads it in Chinese, the bot type's name too.
    expect(h.store.stopTexts.get(1)).toEqual({ key: 'bots.stopReason.simulationOnly', params: { type: '@bots.type.volumeMid', code: 1030034 } });
    expect(renderServerText(h.store.stopTexts.get(1)!, 'zh_CN')).toMatch(/^.+只能在内置模拟交易所运行（1030034）：市场诚信政策/);
    expect(h.key('mm').count('placeOrder', 'attempts')).toBe(0);
  });

  it('refuses it at resume too: a running volume bot whose key now points at a live venue stops at the restart and places nothing more', async () => {
    const h = new SimHarness(strategyRegistry, [testRobotRecord(1, { type: 'volume_mid', config: simOnlyConfig })]);
    await h.engine.start();
    await h.clock.advance(10_000);
    const placed = h.key('mm').count('placeOrder', 'attempts');
    expect(placed).toBeGreaterThan(0);
    expect(h.journal.fills.filter((f) => f.robotId === 1).length).toBeGreaterThan(0);
    h.simulated = false;
    await h.restart();
    await h.clock.advance(10_000);
    expect(h.store.robots.get(1)!.status).toBe('stopped');
    expect(h.store.stopReasons.get(1)).toMatch(/1030034/);
    expect(h.key('mm').count('placeOrder', 'attempts')).toBe(placed);
  });

  it('safe price mode: every order POST_ONLY, inside the book and within maxDeviation of the reference', async () => {
    const greedy = testLadderStrategy({
      decide: (input, normal) => {
        const out = normal();
        const ask = input.market.book.asks[0]![0];
        const bid = input.market.book.bids[0]![0];
        return {
          ...out,
          intents: [
            ...out.intents,
            place({ tag: 'cross-buy', side: 'buy', price: ask, amount: '0.01' }),
            place({ tag: 'cross-sell', side: 'sell', price: bid, amount: '0.01' }),
            place({ tag: 'far-bid', side: 'buy', price: mul(out.reference!, '0.9'), amount: '0.01' }),
          ],
        };
      },
    });
    const h = new SimHarness(registry(greedy), [testRobotRecord(1, { priceMode: 'safe' })]);
    await h.engine.start();
    await h.clock.advance(30_000);
    const orders = await h.venueOrders('mm', 1, 'ETH/USDT');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.timeInForce === 'POST_ONLY')).toBe(true);
    expect(orders.every((o) => o.filledAmount === '0.0000')).toBe(true);
    const tags = new Set(h.journal.all(1).map((o) => o.tag));
    expect([...tags].sort()).toEqual(['ask-0', 'ask-1', 'bid-0', 'bid-1']);
    const warnings = h.logs.of(1, 'warn').map((e) => e.message);
    expect(warnings.filter((m) => m.includes('would cross'))).toHaveLength(1);
    expect(warnings.filter((m) => m.startsWith('Guard "too far from the reference" held back an order') && m.includes('is more than 5 % from the reference'))).toHaveLength(1);
  });

  it('a slow venue never delays bots on another venue; a bot’s ticks never overlap', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1), testRobotRecord(2)], { keyOf: (robot) => (robot.id === 1 ? 'slow' : 'fast'), callTimeoutMs: 60_000 });
    h.key('slow').inject('fetchOrderBook', faults.hang, { times: 1000 });
    await h.engine.start();
    await h.clock.advance(120_000);
    expect(await liveVenueOrders(h, 2, 'fast')).toHaveLength(4);
    const fastTicks = h.observed.ticks.filter(([id]) => id === 2).length;
    expect(fastTicks).toBeGreaterThanOrEqual(12);
    // Bot 1 waits on its venue: one request at a time, never a second tick beside the first.
    expect(h.key('slow').count('fetchOrderBook', 'attempts')).toBe(2);
    expect(h.observed.ticks.filter(([id]) => id === 1)).toHaveLength(1);
  });

  it('replace places the new order only once the cancel is confirmed', async () => {
    const moving = testLadderStrategy({
      decide: (input, normal) => {
        const bid0 = input.orders.find((o) => o.tag === 'bid-0' && o.state === 'open');
        if (input.state.ticks === 0 || !bid0) return normal();
        const price = mul(bid0.price, '0.999');
        return { ...normal(), intents: [replace(bid0.clientOrderId, { tag: 'bid-0', side: 'buy', price, amount: bid0.amount })] };
      },
    });
    const h = new SimHarness(registry(moving), [testRobotRecord(1)]);
    await h.engine.start();
    await h.clock.advance(0);
    const first = h.journal.all(1).find((o) => o.tag === 'bid-0')!;
    h.key('mm').inject('cancelOrder', faults.reset);
    await h.clock.until(() => h.key('mm').count('cancelOrder', 'attempts') === 1, 20_000);
    const bid0Live = async () => (await liveVenueOrders(h, 1)).filter((o) => h.journal.orders.get(o.clientOrderId!)?.tag === 'bid-0');
    expect(await bid0Live()).toHaveLength(1);
    expect(h.logs.of(1, 'info').some((e) => e.message.includes('replacement waits'))).toBe(true);
    await h.clock.until(() => h.journal.orders.get(first.clientOrderId)!.state === 'canceled', 60_000);
    await h.clock.advance(0);
    const now = await bid0Live();
    expect(now).toHaveLength(1);
    expect(now[0]!.clientOrderId).not.toBe(first.clientOrderId);
  });
});

describe('hand-over between two engines (several servers, leases)', () => {
  it('release halts a bot without cancelling its orders; another engine adopts it, reconciles first and doubles nothing', async () => {
    const h = new SimHarness(registry(), [testRobotRecord(1), testRobotRecord(2)]);
    await h.engine.start();
    await h.clock.advance(0);
    expect(h.engine.held().sort()).toEqual([1, 2]);
    const resting = (await liveVenueOrders(h, 1)).map((o) => o.clientOrderId).sort();
    expect(resting).toHaveLength(4);

    await h.engine.release(1);
    expect(h.engine.held()).toEqual([2]);
    expect(h.engine.runtime(1).activity).toBe('idle');
    const placedBy1 = () => h.key('mm').log.filter((r) => r.method === 'placeOrder' && isOwnClientOrderId((r.args[0] as PlaceOrderRequest).clientOrderId, 'b1')).length;
    const placed = placedBy1();
    await h.clock.advance(30_000);
    // Released: nothing cancelled, nothing placed, still switched on.
    expect((await liveVenueOrders(h, 1)).map((o) => o.clientOrderId).sort()).toEqual(resting);
    expect(placedBy1()).toBe(placed);
    expect(h.store.robots.get(1)!.status).toBe('running');
    expect(h.logs.of(1, 'info').filter((e) => e.message.startsWith('Started:'))).toHaveLength(1);

    const other = h.newEngine();
    expect(await other.adopt(1)).toBe(true);
    expect(await other.adopt(1)).toBe(true);
    expect(other.held()).toEqual([1]);
    await h.clock.advance(0);
    expect(h.logs.of(1, 'info').map((e) => e.message)).toContain('Started: reconciled with the venue, 4 own order(s) found resting (left by the last run)');
    await h.clock.advance(30_000);
    expect(other.runtime(1).activity).toBe('active');
    const live = await liveVenueOrders(h, 1);
    expect(live).toHaveLength(4);
    for (const order of await h.venueOrders('mm', 1, 'ETH/USDT')) expect(h.journal.orders.get(order.clientOrderId!)).toBeDefined();
    const sent = h.key('mm').log.filter((r) => r.method === 'placeOrder').map((r) => (r.args[0] as PlaceOrderRequest).clientOrderId);
    expect(new Set(sent).size).toBe(sent.length);

    h.store.robots.get(2)!.status = 'stopped';
    expect(await other.adopt(2)).toBe(false);
    expect(other.held()).toEqual([1]);
    await other.shutdown();
    await h.engine.shutdown();
  });
});
