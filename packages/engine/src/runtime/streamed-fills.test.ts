import { add, compare } from '@makerdesk/decimal';
import { makerDeskClientOrderId } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { faults } from '../testing/faulty-exchange.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { testLadderStrategy, testRobotRecord } from '../testing/test-strategies.ts';

/**
 * Issue 19: on a live venue with a user stream, a fill of a bot's order reaches the bot's journal as
 * the venue pushes it, not at the bot's next tick (5 to 10 s later). The simulator's account plays
 * the live venue: its subscription pushes each order change as it happens, as a user stream does.
 */
describe('fills pushed by a live venue’s stream (issue 19)', () => {
  async function started(simulated: boolean) {
    const h = new SimHarness(() => testLadderStrategy(), [testRobotRecord(1)], { simulated });
    await h.venue.deposit('taker', 'USDT', '100000');
    await h.venue.deposit('taker', 'ETH', '100');
    await h.engine.start();
    await h.clock.advance(0);
    return { h };
  }

  /** Takes the bot's best bid whole with a sell at its price from another account; answers that bid. */
  async function takeBestBid(h: SimHarness) {
    const bids = h.journal.all(1).filter((o) => o.side === 'buy' && o.state === 'open').sort((a, b) => Number(b.price) - Number(a.price));
    const best = bids[0]!;
    // Everything bid at or above it, so the sell reaches the bot's order behind the market's better bids.
    const taker = h.venue.account('taker');
    const book = await taker.fetchOrderBook('ETH/USDT', 500);
    const amount = book.bids.filter(([price]) => compare(price, best.price) >= 0).reduce((sum, [, size]) => add(sum, size), '0');
    await taker.placeOrder({ symbol: 'ETH/USDT', direction: 'sell', tradeType: 'limit', timeInForce: 'IOC', price: best.price, amount, clientOrderId: makerDeskClientOrderId('taker') });
    return best;
  }

  it('a fill is in the journal before the next tick, and the next tick hands it to the strategy once', async () => {
    const { h } = await started(false);
    const ticksBefore = h.observed.ticks.length;
    const best = await takeBestBid(h);
    // No timer passes: only what the push itself set off.
    await h.clock.advance(0);
    expect(h.observed.ticks.length, 'no tick ran').toBe(ticksBefore);
    const fills = h.journal.fills.filter((f) => f.clientOrderId === best.clientOrderId);
    expect(fills).toHaveLength(1);
    expect(fills[0]).toMatchObject({ side: 'buy', amount: best.amount, robotId: 1 });
    expect(h.journal.all(1).find((o) => o.clientOrderId === best.clientOrderId)?.state).toBe('filled');
    // The bot's quote (what the console shows) no longer holds the filled order.
    expect(h.engine.runtime(1).openOrders).toBe(h.journal.all(1).filter((o) => o.state === 'open').length);

    // The next tick's reconciliation finds nothing new: the fill is recorded once.
    await h.clock.advance(11_000);
    expect(h.observed.ticks.length).toBeGreaterThan(ticksBefore);
    expect(h.journal.fills.filter((f) => f.clientOrderId === best.clientOrderId)).toHaveLength(1);
  });

  it('a fill pushed while the bot’s tick waits on the venue is journalled at once, not after the tick, and once', async () => {
    const { h } = await started(false);
    let hung = false;
    h.key('mm').inject('fetchOpenOrders', faults.hang, { times: 1, when: () => (hung = true) });
    await h.clock.until(() => hung, 30_000, 100);
    const ticksBefore = h.observed.ticks.length;
    const best = await takeBestBid(h);
    await h.clock.advance(0);
    expect(h.observed.ticks.length, 'the tick is still waiting').toBe(ticksBefore);
    expect(h.journal.fills.filter((f) => f.clientOrderId === best.clientOrderId)).toHaveLength(1);
    expect(h.journal.all(1).find((o) => o.clientOrderId === best.clientOrderId)?.state).toBe('filled');
    // The tick times out on its read, and the next ones find nothing new: still one fill.
    await h.clock.advance(40_000);
    expect(h.observed.ticks.length).toBeGreaterThan(ticksBefore);
    expect(h.journal.fills.filter((f) => f.clientOrderId === best.clientOrderId)).toHaveLength(1);
  });

  it('on the simulator (in process) nothing changes: the fill waits for the tick’s reconciliation', async () => {
    const { h } = await started(true);
    const best = await takeBestBid(h);
    await h.clock.advance(0);
    expect(h.journal.fills.filter((f) => f.clientOrderId === best.clientOrderId)).toHaveLength(0);
    await h.clock.advance(11_000);
    expect(h.journal.fills.filter((f) => f.clientOrderId === best.clientOrderId)).toHaveLength(1);
  });
});
