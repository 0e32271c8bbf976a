/**
 * Random user activity interleaved with background ticks: every asset stays conserved on both
 * venues (total === supply), each user's frozen funds are exactly what its open orders hold,
 * its open orders are exactly its resting orders, and the state survives a snapshot round trip.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.ts';
import { defaultSimPairs, defaultSimVenueOptions } from './default-pairs.ts';
import { decimalToUnits } from './matching/index.ts';
import { SimVenue } from './sim-venue.ts';
import type { SimSnapshot } from './sim-venue.api.ts';

const USERS = ['u0', 'u1', 'u2'];

type Command =
  | { kind: 'step'; ticks: number }
  | { kind: 'limit'; user: number; pair: number; buy: boolean; bps: number; size: number; tif: 'GTC' | 'IOC' | 'POST_ONLY' }
  | { kind: 'market'; user: number; pair: number; buy: boolean; size: number }
  | { kind: 'cancel'; user: number; pair: number; pick: number }
  | { kind: 'cancelAll'; user: number; pair: number };

const seedArb = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const user = fc.integer({ min: 0, max: USERS.length - 1 });
const pair = fc.integer({ min: 0, max: defaultSimPairs.length - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('step' as const), ticks: fc.integer({ min: 1, max: 5 }) }),
  fc.record({
    kind: fc.constant('limit' as const),
    user,
    pair,
    buy: fc.boolean(),
    bps: fc.integer({ min: -60, max: 60 }),
    size: fc.integer({ min: 1, max: 400 }),
    tif: fc.constantFrom('GTC' as const, 'IOC' as const, 'POST_ONLY' as const),
  }),
  fc.record({ kind: fc.constant('market' as const), user, pair, buy: fc.boolean(), size: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('cancel' as const), user, pair, pick: fc.nat() }),
  fc.record({ kind: fc.constant('cancelAll' as const), user, pair }),
);

interface SnapshotShape {
  ledger: { supply: [string, string][]; accounts: [string, [string, string, string][]][] };
  pairs: { symbol: string; book: [string, string, 'buy' | 'sell', number, number, string, string][] }[];
}

/** Each user's frozen units per asset equal the holds of its resting orders in the snapshot. */
function checkHolds(snapshot: SnapshotShape): void {
  const held = new Map<string, bigint>();
  for (const p of snapshot.pairs) {
    const config = defaultSimPairs.find((c) => c.symbol === p.symbol)!;
    for (const [, account, side, , , hold] of p.book) {
      const key = `${account}|${side === 'buy' ? config.quote : config.base}`;
      held.set(key, (held.get(key) ?? 0n) + BigInt(hold));
    }
  }
  for (const [account, balances] of snapshot.ledger.accounts) {
    for (const [asset, available, frozen] of balances) {
      expect(BigInt(available) >= 0n).toBe(true);
      expect(`${account} ${asset} ${frozen}`).toBe(`${account} ${asset} ${held.get(`${account}|${asset}`) ?? 0n}`);
    }
  }
}

let sequence = 0;

async function apply(venue: SimVenue, clock: { t: number }, cmd: Command): Promise<void> {
  if (cmd.kind === 'step') {
    for (let i = 0; i < cmd.ticks; i++) {
      clock.t += 1_000;
      venue.step();
    }
    return;
  }
  const config = defaultSimPairs[cmd.pair]!;
  const account = venue.account(USERS[cmd.user]!);
  const symbol = config.symbol;
  try {
    if (cmd.kind === 'limit' || cmd.kind === 'market') {
      const amount = (Number(config.minAmount) * cmd.size * 10).toFixed(config.amountPrecision);
      const direction = cmd.buy ? 'buy' : 'sell';
      const clientOrderId = `c${(sequence += 1)}`;
      if (cmd.kind === 'market') {
        await account.placeOrder({ symbol, direction, tradeType: 'market', amount, clientOrderId });
      } else {
        const fair = Number(venue.fairPrice(symbol));
        const price = (fair * (1 + cmd.bps / 10_000)).toFixed(config.pricePrecision);
        await account.placeOrder({ symbol, direction, tradeType: 'limit', price, amount, timeInForce: cmd.tif, clientOrderId });
      }
    } else if (cmd.kind === 'cancel') {
      const open = await account.fetchOpenOrders(symbol);
      const target = open[cmd.pick % Math.max(1, open.length)];
      if (target !== undefined) await account.cancelOrder(symbol, target.orderNo);
    } else {
      const open = await account.fetchOpenOrders(symbol);
      await account.cancelOrders(symbol, open.map((o) => o.orderNo));
    }
  } catch (err) {
    if (!(err instanceof ExchangeError)) throw err;
    expect(['min_notional', 'min_amount', 'insufficient_balance', 'post_only_would_cross']).toContain(err.kind);
  }
}

describe('SimVenue under random user activity', () => {
  it('conserves every asset, keeps holds and orders consistent, and round-trips its snapshot', async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, fc.array(command, { minLength: 20, maxLength: 80 }), async (seed, commands) => {
        const clock = { t: 1_699_999_200_000 };
        const options = defaultSimVenueOptions({ seed, now: () => clock.t });
        const venue = new SimVenue(options);
        for (const cmd of commands) {
          await apply(venue, clock, cmd);
          expect(venue.conserves()).toBe(true);
        }
        const snapshot = JSON.parse(JSON.stringify(venue.snapshot())) as SimSnapshot & SnapshotShape;
        for (const [asset, supply] of snapshot.ledger.supply) {
          const total = snapshot.ledger.accounts.reduce((sum, [, balances]) => {
            const row = balances.find(([a]) => a === asset);
            return sum + (row === undefined ? 0n : BigInt(row[1]) + BigInt(row[2]));
          }, 0n);
          expect(total).toBe(BigInt(supply));
        }
        checkHolds(snapshot);
        for (const name of USERS) {
          const account = venue.account(name);
          for (const config of defaultSimPairs) {
            const open = await account.fetchOpenOrders(config.symbol);
            const book = snapshot.pairs.find((p) => p.symbol === config.symbol)!.book;
            const resting = book.filter(([, account]) => account === `user:${name}`).map(([no]) => no);
            expect(new Set(open.map((o) => o.orderNo))).toEqual(new Set(resting));
            for (const order of open) {
              const lots = (amount: string) => decimalToUnits(amount, config.amountPrecision);
              expect(lots(order.filledAmount)).toBeLessThan(lots(order.amount));
            }
          }
        }
        // Restoring re-checks every balance against the rebuilt books.
        const restored = SimVenue.restore(options, snapshot);
        expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(snapshot));
      }),
      { numRuns: 40 },
    );
  });
});
