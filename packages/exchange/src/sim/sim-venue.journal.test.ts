/**
 * The journal: a venue shows nothing before it is durable, and its last snapshot plus the commands
 * it journalled since rebuild exactly the state it had.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.ts';
import type { ExchangeEvent } from '../exchange.ts';
import { defaultSimVenueOptions } from './default-pairs.ts';
import { SimJournalError, readCommand, type SimCommand } from './sim-journal.ts';
import { SimVenue } from './sim-venue.ts';
import type { SimSnapshot } from './sim-venue.api.ts';
import { MemoryJournal, settle } from './testing/memory-journal.ts';
import { activityArb, applyActivity, ClientIds } from './testing/random-activity.ts';

const T0 = 1_699_999_200_000;

function journalled(durability: 'instant' | 'manual' = 'manual') {
  const clock = { t: T0 };
  const venue = new SimVenue(defaultSimVenueOptions({ seed: 7, now: () => clock.t }));
  const journal = new MemoryJournal(durability);
  venue.journalTo(journal);
  return { clock, venue, journal };
}

/** Tracks whether a promise has settled, without waiting for it. */
function watch<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

const bid = (venue: SimVenue, clientOrderId: string, price = '60000') =>
  venue.account('alice').placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price, amount: '0.01', clientOrderId });

/** A snapshot as storage gives it back, without the moment it was taken. */
function stateOf(venue: SimVenue): unknown {
  const { takenAt: _takenAt, ...rest } = JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot & { takenAt: number };
  return rest;
}

describe('a venue with a journal answers nothing before it is durable', () => {
  it('holds the placement, reads and events until the journal keeps the command', async () => {
    const { venue, journal } = journalled();
    const opened = venue.openAccount('alice');
    journal.flush();
    await opened;
    const events: ExchangeEvent[] = [];
    venue.account('alice').subscribe('BTC/USDT', (event) => events.push(event));

    const placed = watch(bid(venue, 'a1'));
    const open = watch(venue.account('alice').fetchOpenOrders('BTC/USDT'));
    const byClientId = watch(venue.orderByClientId('alice', 'BTC/USDT', 'a1'));
    await settle();
    expect(placed.settled).toBe(false);
    expect(open.settled).toBe(false);
    expect(byClientId.settled).toBe(false);
    expect(events).toEqual([]);
    expect(journal.commands.at(-1)).toMatchObject({ k: 'place', key: 'alice', req: { clientOrderId: 'a1', price: '60000' } });

    journal.flush();
    await settle();
    expect(placed.settled).toBe(true);
    expect((placed.value as { status: string }).status).toBe('pending');
    expect((open.value as { clientOrderId: string }[]).map((o) => o.clientOrderId)).toEqual(['a1']);
    expect(byClientId.value).toMatchObject({ clientOrderId: 'a1' });
    expect(events.map((e) => e.type).sort()).toEqual(['balances', 'book', 'order']);
  });

  it('holds a refusal too, and journals only what it accepted', async () => {
    const { venue, journal } = journalled();
    const first = watch(bid(venue, 'dup'));
    const second = watch(bid(venue, 'dup'));
    const tooSmall = watch(
      venue.account('alice').placeOrder({ symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: '60000', amount: '0.000001', clientOrderId: 'x' }),
    );
    await settle();
    expect([first.settled, second.settled, tooSmall.settled]).toEqual([false, false, false]);
    journal.flush();
    await settle();
    expect((second.error as ExchangeError).message).toBe('Duplicate order sent.');
    expect(tooSmall.error).toBeInstanceOf(ExchangeError);
    expect(journal.commands.map((c) => c.k)).toEqual(['open', 'place']);
  });

  it('answers venue_error and sends no event when the journal can never keep the change', async () => {
    const { venue, journal } = journalled();
    const opened = venue.openAccount('alice');
    journal.flush();
    await opened;
    const events: ExchangeEvent[] = [];
    venue.account('alice').subscribe('BTC/USDT', (event) => events.push(event));
    const placed = watch(bid(venue, 'lost'));
    journal.fail(new Error('disk gone'));
    await settle();
    expect((placed.error as ExchangeError).kind).toBe('venue_error');
    expect(events).toEqual([]);
  });

  it('journals key openings, deposits, cancels and ticks with the time they ran at', async () => {
    const { venue, journal, clock } = journalled('instant');
    await venue.openAccount('alice');
    await venue.openAccount('alice');
    clock.t += 5;
    await venue.deposit('alice', 'USDT', '12.5');
    const order = await bid(venue, 'c1');
    await venue.account('alice').cancelOrder('BTC/USDT', order.orderNo);
    await venue.account('alice').cancelOrders('BTC/USDT', ['999999']);
    clock.t += 1000;
    venue.step();
    expect(journal.commands).toEqual([
      { k: 'open', t: T0, key: 'alice' },
      { k: 'deposit', t: T0 + 5, key: 'alice', asset: 'USDT', amount: '12.5' },
      { k: 'place', t: T0 + 5, key: 'alice', req: { symbol: 'BTC/USDT', direction: 'buy', tradeType: 'limit', price: '60000', amount: '0.01', clientOrderId: 'c1' } },
      { k: 'cancel', t: T0 + 5, key: 'alice', sym: 'BTC/USDT', no: order.orderNo },
      { k: 'cancelMany', t: T0 + 5, key: 'alice', sym: 'BTC/USDT', nos: ['999999'] },
      { k: 'step', t: T0 + 1005 },
    ]);
  });

  it('journals a cancel-replace whose cancel succeeded as one command, the rest as what they did', async () => {
    const { venue, journal } = journalled('instant');
    const resting = await bid(venue, 'r1', '50000');
    const request = { symbol: 'BTC/USDT', direction: 'buy' as const, tradeType: 'limit' as const, price: '51000', amount: '0.01', clientOrderId: 'r2' };
    await venue.cancelReplace('alice', 'BTC/USDT', resting.orderNo, request, 'stop_on_failure');
    await venue.cancelReplace('alice', 'BTC/USDT', resting.orderNo, { ...request, clientOrderId: 'r3' }, 'stop_on_failure');
    await venue.cancelReplace('alice', 'BTC/USDT', resting.orderNo, { ...request, clientOrderId: 'r4' }, 'allow_failure');
    expect(journal.commands.slice(2)).toEqual([
      { k: 'cancelReplace', t: T0, key: 'alice', sym: 'BTC/USDT', no: resting.orderNo, req: request },
      { k: 'place', t: T0, key: 'alice', req: { ...request, clientOrderId: 'r4' } },
    ]);
    const replayed = new SimVenue(defaultSimVenueOptions({ seed: 7, now: () => T0 }));
    replayed.replay(journal.commands.map((c, i) => readCommand(c, `commands[${i}]`)));
    expect(stateOf(replayed)).toEqual(stateOf(venue));
    // A cancel that no longer succeeds on replay is another history: named, not skipped.
    const fresh = new SimVenue(defaultSimVenueOptions({ seed: 7, now: () => T0 }));
    expect(() => fresh.replay([journal.commands[0]!, journal.commands[2]!])).toThrow(/command 1 \(cancelReplace at \d+\) failed again: Order \d+ not found/);
  });

  it('refuses a bad deposit without journalling it', async () => {
    const { venue, journal } = journalled('instant');
    await expect(venue.deposit('alice', 'DOGE', '1')).rejects.toMatchObject({ kind: 'invalid_order' });
    await expect(venue.deposit('alice', 'USDT', '-1')).rejects.toMatchObject({ kind: 'invalid_order' });
    await expect(venue.deposit('alice', 'USDT', '0.000000001')).rejects.toMatchObject({ kind: 'invalid_order' });
    expect(journal.commands.map((c) => c.k)).toEqual(['open']);
  });

  it('takes one journal, and replays only before it', () => {
    const { venue, journal } = journalled();
    expect(() => venue.journalTo(journal)).toThrow(/already/);
    expect(() => venue.replay([{ k: 'step', t: T0 }])).toThrow(/before the journal/);
  });
});

describe('snapshot + replay rebuild the state exactly', () => {
  it('under random activity, from any snapshot taken along the way', async () => {
    // What the runs journalled, so the activity is known to reach every kind of command.
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(activityArb({ deposits: true }), { minLength: 10, maxLength: 60 }),
        fc.nat(),
        async (seed, activity, cutPick) => {
          const clock = { t: T0 };
          const options = defaultSimVenueOptions({ seed, now: () => clock.t });
          const venue = new SimVenue(options);
          const initial = JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot;
          const journal = new MemoryJournal('instant');
          venue.journalTo(journal);
          const ids = new ClientIds();
          const cut = cutPick % (activity.length + 1);
          let middle: { snapshot: SimSnapshot; commands: number } | undefined;
          for (let i = 0; i < activity.length; i++) {
            if (i === cut) middle = { snapshot: JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot, commands: journal.commands.length };
            await applyActivity(venue, clock, activity[i]!, ids);
          }
          middle ??= { snapshot: JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot, commands: journal.commands.length };
          for (const c of journal.commands) {
            seen.add(c.k);
            if (c.k === 'place' && c.req.timeInForce === 'FOK') seen.add('place FOK');
            if (c.k === 'place' && c.req.allowSelfTrade === true) seen.add('place allowSelfTrade');
          }

          const fromStart = SimVenue.restore(options, initial);
          fromStart.replay(journal.commands);
          expect(stateOf(fromStart)).toEqual(stateOf(venue));

          const fromMiddle = SimVenue.restore(options, middle.snapshot);
          fromMiddle.replay(journal.commands.slice(middle.commands).map((c, i) => readCommand(c, `commands[${i}]`)));
          expect(stateOf(fromMiddle)).toEqual(stateOf(venue));

          // The rebuilt venue carries on exactly as the original: the same next order number.
          const next = await bid(venue, 'after', '30000');
          const rebuiltNext = await bid(fromMiddle, 'after', '30000');
          expect(rebuiltNext.orderNo).toBe(next.orderNo);
        },
      ),
      { numRuns: 40 },
    );
    expect([...seen].sort()).toEqual(['cancel', 'cancelMany', 'cancelReplace', 'deposit', 'open', 'place', 'place FOK', 'place allowSelfTrade', 'step'].sort());
  });

  it('names the command a journal cannot replay', () => {
    const venue = new SimVenue(defaultSimVenueOptions({ seed: 1, now: () => T0 }));
    const orphan: SimCommand = { k: 'cancel', t: T0, key: 'nobody', sym: 'BTC/USDT', no: '1' };
    expect(() => venue.replay([{ k: 'step', t: T0 }, orphan])).toThrow(SimJournalError);
    expect(() => venue.replay([orphan])).toThrow(/command 0 \(cancel at 1699999200000\) failed again: account nobody was never opened/);
  });

  it('reads stored commands field by field and names what it cannot read', () => {
    expect(readCommand({ k: 'step', t: 5, extra: 1 }, 'c')).toEqual({ k: 'step', t: 5 });
    expect(() => readCommand({ k: 'launch', t: 5 }, 'c[3]')).toThrow(/c\[3\]\.k should be one of/);
    expect(() => readCommand({ k: 'place', t: 5, key: 'a', req: { symbol: 'BTC/USDT', direction: 'up' } }, 'c')).toThrow(
      /c\.req\.direction should be one of buy, sell/,
    );
    expect(() => readCommand('[]', 'c')).toThrow(SimJournalError);
    expect(() => readCommand({ k: 'cancelMany', t: 1, key: 'a', sym: 'X', nos: [1] }, 'c')).toThrow(/c\.nos\[0\] should be a string/);
  });
});
