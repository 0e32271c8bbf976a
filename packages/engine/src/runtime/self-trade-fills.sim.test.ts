/**
 * Issue 18 §3: a volume bot's round is two legs, a resting maker and the IOC taker that trades with
 * it. While the maker rests alone the market can take it; the taker then finds nothing and the bot
 * has traded one side with someone else (its ledger rightly short). The legs go out back to back,
 * with no journal write between them. And every fill of either leg is journalled exactly once, as
 * the venue's own trades show it, after lost answers and a restart too.
 */
import { parseRobotConfig, robotTypes, type PairDefaults } from '@makerdesk/contract';
import { add, compare } from '@makerdesk/decimal';
import { describe, expect, it } from 'vitest';
import type { JournalPatch, RobotRecord } from '../ports.ts';
import { strategyRegistry } from '../strategies/registry.ts';
import { faults } from '../testing/faulty-exchange.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { selfTradeTaker } from './bot-runner.ts';

const SYMBOL = 'ETH/USDT';

function volumeBot(h: SimHarness): RobotRecord {
  const market = h.venue.markets().find((m) => m.symbol === SYMBOL)!;
  const pair: PairDefaults = { symbol: SYMBOL, price: h.venue.referencePrice(SYMBOL), pricePrecision: market.pricePrecision, amountPrecision: market.amountPrecision, minAmount: market.minAmount, minNotional: market.minNotional };
  const patch = { volumeMin: '0.05', volumeMax: '0.2', intervalMin: 2, intervalMax: 3, orderCountMin: 1, orderCountMax: 3 };
  const parsed = parseRobotConfig('volume_mid', { ...(robotTypes.volume_mid.defaults(pair, h.clock.now()) as object), ...patch });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return { id: 1, adminId: 1, coinId: 1, symbol: SYMBOL, type: 'volume_mid', config: parsed.config, status: 'running', startMode: 'now', startAt: null, priceMode: 'normal', state: null, startedAt: h.clock.now() };
}

async function runFor(h: SimHarness, seconds: number): Promise<void> {
  for (let s = 0; s < seconds; s++) {
    h.venue.step();
    await h.clock.advance(1000);
  }
}

/** The venue's trades of the bot's orders, summed per client order id, against the journal's fills of the same orders. */
async function venueAgainstJournal(h: SimHarness) {
  const account = h.venue.account('mm');
  const orders = h.journal.all(1);
  const byNo = new Map(orders.filter((o) => o.orderNo !== null).map((o) => [o.orderNo!, o.clientOrderId]));
  const venue = new Map<string, string>();
  for (const t of await account.fetchMyTrades(SYMBOL, { limit: 1000 })) {
    const id = byNo.get(t.orderNo);
    if (id) venue.set(id, add(venue.get(id) ?? '0', t.amount));
  }
  const journal = new Map<string, string>();
  const keys = new Set<string>();
  for (const f of h.journal.fills.filter((f) => f.robotId === 1)) {
    journal.set(f.clientOrderId, add(journal.get(f.clientOrderId) ?? '0', f.amount));
    keys.add(`${f.clientOrderId}|${f.filledAfter}`);
  }
  const differ = [...new Set([...venue.keys(), ...journal.keys()])].filter((id) => compare(venue.get(id) ?? '0', journal.get(id) ?? '0') !== 0);
  return { venueOrders: venue.size, differ, fills: h.journal.fills.filter((f) => f.robotId === 1).length, uniqueFills: keys.size };
}

/** Per round (maker and taker of one tag number, in placement order): what each leg filled. */
function rounds(h: SimHarness) {
  const orders = h.journal.all(1);
  const out: { maker: string; taker: string; makerState: string; takerState: string }[] = [];
  orders.forEach((o, i) => {
    if (!o.tag.endsWith('-m')) return;
    const taker = orders.slice(i + 1).find((t) => t.tag === o.tag.replace(/-m$/, '-t'));
    out.push({ maker: o.filledAmount, taker: taker?.filledAmount ?? 'none', makerState: o.state, takerState: taker?.state ?? 'none' });
  });
  return out;
}

describe('a volume bot’s two legs and its fills', () => {
  it('the market acting while the maker leg is acknowledged in the journal cannot take it before the taker: every round trades with itself', async () => {
    const h = new SimHarness(strategyRegistry, []);
    h.store.put(volumeBot(h));
    const outsider = h.venue.account('outsider');
    const mm = h.venue.account('mm');
    const taken: string[] = [];
    // Whenever the journal acknowledges a maker leg (its venue number written), another account
    // sends an IOC at the maker's price for its amount: what the background market does when it
    // steps while the maker rests alone. A maker already filled by its own taker leaves it nothing.
    const settle = h.journal.settle.bind(h.journal);
    h.journal.settle = async (changes: { robotId: number; clientOrderId: string; patch: JournalPatch }[], fills) => {
      for (const change of changes) {
        const order = h.journal.orders.get(change.clientOrderId);
        if (!order?.tag.endsWith('-m') || !change.patch.orderNo || change.patch.state !== 'open') continue;
        const maker = await mm.fetchOrder(SYMBOL, change.patch.orderNo);
        const answer = await outsider.placeOrder({ symbol: SYMBOL, direction: maker.direction === 'buy' ? 'sell' : 'buy', tradeType: 'limit', price: maker.price!, amount: maker.amount, timeInForce: 'IOC', clientOrderId: `out-${taken.length}-${change.clientOrderId}` });
        if (compare(answer.filledAmount, '0') > 0) taken.push(change.clientOrderId);
      }
      return settle(changes, fills);
    };
    await h.engine.start();
    await runFor(h, 60);
    await h.engine.shutdown();

    const played = rounds(h);
    expect(played.length).toBeGreaterThanOrEqual(15);
    // Before the fix the maker's acknowledgement was written before the taker went out: the outsider
    // took every maker and every taker expired unfilled.
    expect(taken).toEqual([]);
    for (const r of played) {
      expect(r.takerState).toBe('filled');
      expect(compare(r.maker, r.taker)).toBe(0);
    }
    const bought = h.journal.fills.filter((f) => f.side === 'buy').reduce((s, f) => add(s, f.amount), '0');
    const sold = h.journal.fills.filter((f) => f.side === 'sell').reduce((s, f) => add(s, f.amount), '0');
    expect(compare(bought, '0')).toBeGreaterThan(0);
    expect(compare(bought, sold)).toBe(0);
    const check = await venueAgainstJournal(h);
    expect(check.differ).toEqual([]);
    expect(check.fills).toBe(check.uniqueFills);
    expect(check.venueOrders).toBe(played.length * 2);
  });

  it('lost answers to both legs, then a crash: the restarted engine journals each leg’s fill once, as the venue has it', async () => {
    const h = new SimHarness(strategyRegistry, []);
    h.store.put(volumeBot(h));
    // The first round's legs are done by the venue: the maker's answer is lost, the taker's never
    // comes, and the process dies (kill -9) while it waits: the journal holds 'unknown' and 'sending'.
    const tif = (args: readonly unknown[]) => (args[0] as { timeInForce?: string }).timeInForce;
    h.key('mm').inject('placeOrder', faults.loseAnswer, { when: (args) => tif(args) === 'GTC' });
    h.key('mm').inject('placeOrder', faults.hangAfter, { when: (args) => tif(args) === 'IOC' });
    await h.engine.start();
    await runFor(h, 1);
    expect(h.journal.all(1).slice(0, 2).map((o) => o.state)).toEqual(['unknown', 'sending']);
    expect(h.journal.fills).toEqual([]);
    expect((await h.venue.account('mm').fetchMyTrades(SYMBOL)).length).toBeGreaterThan(0);
    // A new engine starts over the same journal and venue, finds both legs by their client order ids.
    await h.restart();
    await runFor(h, 1);
    expect(h.journal.all(1).slice(0, 2).map((o) => o.state)).toEqual(['filled', 'filled']);
    // Then rounds with every other answer lost go on.
    h.key('mm').inject('placeOrder', faults.loseAnswer, { times: 4 });
    await runFor(h, 30);
    await h.engine.shutdown();

    const check = await venueAgainstJournal(h);
    expect(check.venueOrders).toBeGreaterThanOrEqual(10);
    expect(check.differ).toEqual([]);
    expect(check.fills).toBe(check.uniqueFills);
    const bought = h.journal.fills.filter((f) => f.side === 'buy').reduce((s, f) => add(s, f.amount), '0');
    const sold = h.journal.fills.filter((f) => f.side === 'sell').reduce((s, f) => add(s, f.amount), '0');
    expect(compare(bought, sold)).toBe(0);
    // Nothing of the bot is left live in the journal or resting on the venue.
    expect(await h.journal.live(1)).toEqual([]);
    expect((await h.venue.account('mm').fetchOpenOrders(SYMBOL)).length).toBe(0);
  });
});

describe('selfTradeTaker', () => {
  const maker = { kind: 'place', tag: 'vol-1-m', side: 'buy', price: '100.5', amount: '0.1', timeInForce: 'GTC', selfTrade: true } as const;
  const taker = { kind: 'place', tag: 'vol-1-t', side: 'sell', price: '100.5', amount: '0.1', timeInForce: 'IOC', selfTrade: true } as const;
  it('pairs a resting self-trade leg with the IOC of the other side at its price and amount that follows it', () => {
    expect(selfTradeTaker(maker, taker)).toBe(taker);
    expect(selfTradeTaker({ ...maker, timeInForce: undefined }, taker)).toBe(taker);
  });
  it('pairs nothing else: no opt-in, an IOC maker, same side, another price or amount, a cancel', () => {
    expect(selfTradeTaker({ ...maker, selfTrade: false }, taker)).toBeNull();
    expect(selfTradeTaker(maker, { ...taker, selfTrade: undefined })).toBeNull();
    expect(selfTradeTaker({ ...maker, timeInForce: 'IOC' }, taker)).toBeNull();
    expect(selfTradeTaker(maker, { ...taker, timeInForce: 'GTC' })).toBeNull();
    expect(selfTradeTaker(maker, { ...taker, side: 'buy' })).toBeNull();
    expect(selfTradeTaker(maker, { ...taker, price: '100.6' })).toBeNull();
    expect(selfTradeTaker(maker, { ...taker, amount: '0.2' })).toBeNull();
    expect(selfTradeTaker(maker, { kind: 'cancel', clientOrderId: 'x' })).toBeNull();
    expect(selfTradeTaker(maker, undefined)).toBeNull();
  });
});
