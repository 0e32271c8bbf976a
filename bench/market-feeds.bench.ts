/**
 * Issue 19's market side in REST depth calls: ten readers of BTC/USDT on a platform `binance` at this
 * server's simulated Binance API, each reading the book once a second (a bot's tick), counted at the
 * API per minute. Before: each reader on its own key's ccxt connection (what every bot and console
 * poll did). After: the server's shared market feeds, without a stream (one poll per pair) and with
 * ccxt.pro's stream (no depth while it is up; its snapshot is counted at the start).
 */
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { OrderBook } from '../packages/exchange/src/index.ts';
import { createCcxtExchange } from '../packages/exchange/src/ccxt/index.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { ccxtSettingsOf, venueFetchOf } from '../apps/server/src/venues/live-exchange.ts';
import { MarketFeeds } from '../apps/server/src/venues/market-feeds.ts';

const SYMBOL = 'BTC/USDT';
const READERS = 10;
const SECONDS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  // PGlite in memory: the bench counts venue calls, not database time.
  const scratch = await scratchDatabase(undefined, { inMemory: true });
  const t = await createTestApp({ database: await openDatabase(scratch.target), outboundAllow: '127.0.0.1' });
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const sim = `http://127.0.0.1:${port}/sim/binance`;
    let depth = 0;
    t.app.server.on('request', (req: IncomingMessage) => {
      if ((req.url ?? '').startsWith('/sim/binance/api/v3/depth')) depth++;
    });
    const venue = t.services.sim.localHost.venue;
    venue.step();
    const stepping = setInterval(() => venue.step(), 250);
    const settings = (ws: boolean) => ccxtSettingsOf({ code: 'binance', apiBaseUrl: `${sim}/api/v3`, wsBaseUrl: ws ? `ws://127.0.0.1:${port}/sim/binance` : null }, venueFetchOf(fetch));

    const measure = async (label: string, readers: (() => Promise<OrderBook>)[]): Promise<void> => {
      await Promise.all(readers.map((read) => read()));
      await sleep(1500);
      depth = 0;
      const until = Date.now() + SECONDS * 1000;
      await Promise.all(
        readers.map(async (read) => {
          while (Date.now() < until) {
            await read();
            await sleep(1000);
          }
        }),
      );
      console.log(`  ${label.padEnd(44)} ${((depth * 60) / SECONDS).toFixed(0).padStart(5)} GET /api/v3/depth a minute`);
    };

    console.log(`\nmarket feeds: ${READERS} readers of ${SYMBOL}, one book read a second each, ${SECONDS} s`);
    const own = await Promise.all(Array.from({ length: READERS }, () => createCcxtExchange(settings(false))));
    await measure('before: one REST connection per reader', own.map((v) => () => v.fetchOrderBook(SYMBOL)));
    await Promise.all(own.map((v) => v.close()));
    for (const [label, ws] of [
      ['after, no stream: shared poll (1 s reuse)', false],
      ['after, stream: ccxt.pro watchOrderBook', true],
    ] as const) {
      const feeds = new MarketFeeds();
      const market = feeds.reader(settings(ws));
      await measure(label, Array.from({ length: READERS }, () => () => market.fetchOrderBook(SYMBOL)));
      await feeds.close();
    }
    clearInterval(stepping);
  } finally {
    await t.close();
    await scratch.drop();
  }
}
