/**
 * Random user activity interleaved with background ticks: every asset stays conserved on both
 * venues (total === supply), each user's frozen funds are exactly what its open orders hold,
 * its open orders are exactly its resting orders, and the state survives a snapshot round trip.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultSimPairs, defaultSimVenueOptions } from './default-pairs.ts';
import { decimalToUnits } from './matching/index.ts';
import { SimVenue } from './sim-venue.ts';
import type { SimSnapshot } from './sim-venue.api.ts';
import { ACTIVITY_USERS as USERS, activityArb, applyActivity, ClientIds } from './testing/random-activity.ts';

const seedArb = fc.integer({ min: 0, max: 2 ** 31 - 1 });

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

describe('SimVenue under random user activity', () => {
  it('conserves every asset, keeps holds and orders consistent, and round-trips its snapshot', async () => {
    await fc.assert(
      fc.asyncProperty(seedArb, fc.array(activityArb(), { minLength: 20, maxLength: 80 }), async (seed, commands) => {
        const clock = { t: 1_699_999_200_000 };
        const options = defaultSimVenueOptions({ seed, now: () => clock.t });
        const venue = new SimVenue(options);
        const ids = new ClientIds();
        for (const cmd of commands) {
          await applyActivity(venue, clock, cmd, ids);
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
