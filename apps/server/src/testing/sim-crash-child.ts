/**
 * A simulator under load, for the crash test: it journals into the database named on its command
 * line, runs the background market on a fast timer, and has clients place and cancel orders as
 * fast as the venue acknowledges them. Each acknowledgement is printed (a line on a pipe, written
 * synchronously) only after the venue answered, so the parent knows exactly what was acknowledged
 * when it kills this process.
 *
 *   node --import tsx sim-crash-child.ts <pglite data dir | postgres url> <round>
 */
import type { SimVenue } from '@makerdesk/exchange';
import { openDatabase } from '../db/client.ts';
import { SimStateRepository } from '../repositories/sim-state.repository.ts';
import { simVenueFactory } from '../venues/sim-factory.ts';
import { SimHost } from '../venues/sim-host.ts';

export const CRASH_KEYS = ['crash-a', 'crash-b'];
export const CRASH_SYMBOL = 'ETH/USDT';

const [target = '', round = '0'] = process.argv.slice(2);
const database = await openDatabase(target.startsWith('postgres') ? { kind: 'postgres', url: target } : { kind: 'pglite', dataDir: target });
await database.migrate();
const host = await SimHost.open(
  new SimStateRepository(database.db),
  { create: simVenueFactory(42, 20), compaction: { maxCommands: 300, maxAgeMs: 60_000 } },
);
const venue = host.venue as SimVenue;
const print = (line: string): void => void process.stdout.write(`${line}\n`);
print(`READY ${host.startup.replayed}`);

let n = 0;
async function client(index: number): Promise<never> {
  const key = CRASH_KEYS[index % CRASH_KEYS.length]!;
  const account = venue.account(key);
  for (;;) {
    const id = `r${round}c${index}n${(n += 1)}`;
    const fair = Number(venue.fairPrice(CRASH_SYMBOL));
    const buy = Math.random() < 0.5;
    // Half of them cross the touch and trade, the rest rest in the book; one in five is fill-or-kill.
    const offset = (Math.random() * 0.004 - 0.002) * (buy ? 1 : -1);
    const price = (fair * (1 - offset)).toFixed(2);
    const timeInForce = Math.random() < 0.2 ? 'FOK' : 'GTC';
    try {
      const order = await account.placeOrder({ symbol: CRASH_SYMBOL, direction: buy ? 'buy' : 'sell', tradeType: 'limit', price, amount: '0.01', timeInForce, clientOrderId: id });
      print(`PLACED ${key} ${id} ${order.orderNo} ${order.timeInForce} ${order.status}`);
      const open = await account.fetchOpenOrders(CRASH_SYMBOL);
      const victim = open[Math.floor(Math.random() * open.length)];
      const dice = Math.random();
      if (victim !== undefined && dice < 0.4) {
        const canceled = await account.cancelOrder(CRASH_SYMBOL, victim.orderNo);
        print(`CANCELED ${key} ${canceled.orderNo} ${canceled.status}`);
      } else if (victim !== undefined && dice < 0.6) {
        const newId = `${id}r`;
        const request = { symbol: CRASH_SYMBOL, direction: victim.direction, tradeType: 'limit' as const, price: victim.price ?? price, amount: '0.01', clientOrderId: newId };
        const { canceled, placed } = await venue.cancelReplace(key, CRASH_SYMBOL, victim.orderNo, request, 'stop_on_failure');
        if (canceled.ok && placed?.ok) print(`REPLACED ${key} ${canceled.order.orderNo} ${canceled.order.status} ${newId} ${placed.order.orderNo}`);
      }
    } catch (err) {
      print(`REFUSED ${key} ${id} ${(err as Error).message}`);
    }
  }
}

for (let i = 0; i < 16; i++) void client(i);
