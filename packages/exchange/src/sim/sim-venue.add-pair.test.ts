/**
 * A pair opened while the venue runs: a market like the configured ones (book, reference venue,
 * candles, demo funds), journalled, and kept by the snapshot, so a restart brings it back exactly.
 */
import { describe, expect, it } from 'vitest';
import { addedPairConfig, addedPairFunds } from './added-pair.ts';
import { defaultSimVenueOptions } from './default-pairs.ts';
import { readCommand } from './sim-journal.ts';
import { SimVenue } from './sim-venue.ts';
import type { SimSnapshot } from './sim-venue.api.ts';
import { MemoryJournal } from './testing/memory-journal.ts';

const T0 = 1_699_999_200_000;

function stateOf(venue: SimVenue): unknown {
  const { takenAt: _takenAt, ...rest } = JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot & { takenAt: number };
  return rest;
}

function running() {
  const clock = { t: T0 };
  const options = defaultSimVenueOptions({ seed: 9, now: () => clock.t });
  const venue = new SimVenue(options);
  const journal = new MemoryJournal();
  venue.journalTo(journal);
  return { clock, options, venue, journal };
}

const config = addedPairConfig('TKN/USDT', '2.5');
const funds = addedPairFunds(config, (asset) => asset === 'USDT');

describe('SimVenue.addPair', () => {
  it('opens a market with a book, a reference book, candles of the past days, and demo funds for every account', async () => {
    const { clock, venue } = running();
    await venue.openAccount('early');
    await venue.addPair(config, { funds, historyDays: 1 });
    clock.t += 1000;
    venue.step();

    expect(venue.pairs.map((p) => p.symbol)).toContain('TKN/USDT');
    expect(venue.markets().find((m) => m.symbol === 'TKN/USDT')).toMatchObject({ pricePrecision: 4, amountPrecision: 2, active: true });
    const book = await venue.marketData().fetchOrderBook('TKN/USDT', 5);
    expect(Number(book.bids[0]![0])).toBeGreaterThan(2.4);
    expect(Number(book.asks[0]![0])).toBeLessThan(2.6);
    expect(venue.referenceBook('TKN/USDT', 5).asks.length).toBe(5);
    const candles = await venue.marketData().fetchCandles('TKN/USDT', '1h', { limit: 100 });
    expect(candles.length).toBeGreaterThanOrEqual(24);
    for (const key of ['early', 'late']) {
      const balances = await venue.account(key).fetchBalances();
      expect(balances.find((b) => b.asset === 'TKN')?.available).toBe('8000.00000000');
    }
    expect(venue.conserves()).toBe(true);
  });

  it('refuses a pair that already trades, or demo funds of an asset other pairs trade', async () => {
    const { venue } = running();
    await expect(venue.addPair(addedPairConfig('BTC/USDT', '60000'), { funds: {}, historyDays: 0 })).rejects.toThrow(/already trades/);
    await expect(venue.addPair(config, { funds: { USDT: '5' }, historyDays: 0 })).rejects.toThrow(/only its new assets/);
    expect(venue.pairs.map((p) => p.symbol)).not.toContain('TKN/USDT');
  });

  it('comes back the same from the snapshot, and from the snapshot before it plus the journal', async () => {
    const { clock, options, venue, journal } = running();
    for (let i = 0; i < 5; i++) {
      clock.t += 1000;
      venue.step();
    }
    const before = JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot;
    const from = journal.commands.length;
    await venue.addPair(config, { funds, historyDays: 1 });
    await venue.account('trader').placeOrder({ symbol: 'TKN/USDT', direction: 'buy', tradeType: 'market', amount: '10', clientOrderId: 'm1' });
    for (let i = 0; i < 5; i++) {
      clock.t += 1000;
      venue.step();
    }
    const replayed = SimVenue.restore(options, before);
    replayed.replay(journal.commands.slice(from).map((c, i) => readCommand(JSON.parse(JSON.stringify(c)), `commands[${i}]`)));
    expect(stateOf(replayed)).toEqual(stateOf(venue));

    const restored = SimVenue.restore(options, JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot);
    expect(stateOf(restored)).toEqual(stateOf(venue));
    expect((await restored.account('trader').fetchMyTrades('TKN/USDT')).length).toBeGreaterThan(0);
    expect((await restored.account('newcomer').fetchBalances()).find((b) => b.asset === 'TKN')?.available).toBe('8000.00000000');
  });
});
