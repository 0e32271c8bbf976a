/**
 * Issue 19's account feed: how long after a fill at the venue the key's feed knows it. A platform
 * `binance` at this server's simulated Binance API and WebSocket side (ccxt.pro's binance on the user
 * stream underneath); a maker order of the key rests first in line, another account's taker fills
 * it; measured from the simulator's own report of the fill (its account event, in this process) to
 * the feed's order update (its `subscribe` listener).
 *
 * Alone: `npm run bench -- account-feed`. ACCOUNT_FEED_BENCH_FILLS (100) changes the run.
 */
import { performance } from 'node:perf_hooks';
import ccxt from 'ccxt';
import type { ExchangeEvent } from '@makerdesk/exchange';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { scratchDatabase } from '../apps/server/src/testing/scratch-database.ts';
import { startSimBinanceServer } from '../apps/server/src/testing/sim-binance-fixture.ts';
import { printTable } from './report.ts';

const FILLS = Number(process.env.ACCOUNT_FEED_BENCH_FILLS ?? 100);
const SYMBOL = 'BTC/USDT';
const MAKER = { apiKey: 'bench-feed-maker', secret: 'bench-feed-maker-secret' };
const TAKER = { apiKey: 'bench-feed-taker', secret: 'bench-feed-taker-secret' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function run(): Promise<void> {
  // PGlite in memory, as the live-binance bench.
  const scratch = await scratchDatabase(undefined, { inMemory: true });
  const database = await openDatabase(scratch.target);
  const server = await startSimBinanceServer({ liveExchange: 'ccxt', outboundAllow: '127.0.0.1', database });
  try {
    await server.importKey(MAKER.apiKey, MAKER.secret, SYMBOL);
    await server.importKey(TAKER.apiKey, TAKER.secret, SYMBOL, { restrictedTo: [SYMBOL] });
    const token = await server.t.login();
    const call = async <T>(url: string, body: unknown): Promise<T> => {
      const res = await server.t.call('POST', url, { token, body });
      if (res.body.code !== 200) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
      return res.body.data as T;
    };
    const platform = await call<{ id: number }>('/backend/platform/add', { name: 'Binance (this server)', code: 'binance', apiBaseUrl: `${server.sim}/api/v3`, wsBaseUrl: server.wsRoot });
    const coin = await call<{ coinId: number }>('/backend/coin/add', { platformId: platform.id, coinName: SYMBOL });
    await call('/backend/credentials/add', { platformId: platform.id, apiKey: MAKER.apiKey, secretKey: MAKER.secret, coinId: coin.coinId });
    const material = await server.t.services.credentials.materialOf(1, coin.coinId);
    const { exchange } = await server.t.services.gateway.session(material!, { budgeted: false });
    while (exchange.feedStatus?.(SYMBOL)?.mode !== 'stream') await sleep(20);

    const taker = new ccxt.binance({ ...TAKER, urls: { api: { public: `${server.sim}/api/v3`, private: `${server.sim}/api/v3`, sapi: `${server.sim}/sapi/v1` } }, options: { fetchMarkets: { types: ['spot'] } } });
    await taker.loadMarkets();
    const atSim = new Map<string, number>();
    const inFeed = new Map<string, number>();
    const filledOf = (times: Map<string, number>) => (event: ExchangeEvent) => {
      if (event.type === 'order' && event.order.status === 'filled' && !times.has(event.order.orderNo)) times.set(event.order.orderNo, performance.now());
    };
    const stopSim = server.t.services.sim.localHost.venue.account(MAKER.apiKey).subscribe(SYMBOL, filledOf(atSim));
    const stopFeed = exchange.subscribe(SYMBOL, filledOf(inFeed), { market: false });
    await exchange.fetchOpenOrders(SYMBOL);

    const latencies: number[] = [];
    for (let i = 0; i < FILLS; i++) {
      const book = await taker.fetchOrderBook(SYMBOL, 5);
      if (book.asks[0]![0]! - book.bids[0]![0]! <= 0.02) {
        server.step(3);
        i--;
        continue;
      }
      const price = (book.asks[0]![0]! - 0.01).toFixed(2);
      const placed = await exchange.placeOrder({ symbol: SYMBOL, direction: 'sell', tradeType: 'limit', price, amount: '0.001', timeInForce: 'GTC', clientOrderId: `md-bench-feed-${i}` });
      await taker.createOrder(SYMBOL, 'market', 'buy', 0.001);
      const deadline = Date.now() + 5000;
      while (!(atSim.has(placed.orderNo) && inFeed.has(placed.orderNo)) && Date.now() < deadline) await sleep(2);
      if (!inFeed.has(placed.orderNo) || !atSim.has(placed.orderNo)) throw new Error(`fill ${i} (order ${placed.orderNo}) not seen within 5 s`);
      latencies.push(inFeed.get(placed.orderNo)! - atSim.get(placed.orderNo)!);
    }
    stopSim();
    stopFeed();
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`\naccount feed (ccxt.pro binance on /sim/binance's user stream): ${FILLS} fills of a resting maker order by another account's taker`);
    printTable(
      ['fill → feed state (ms)', 'p50', 'p90', 'p99', 'max'],
      [['', percentile(sorted, 50).toFixed(2), percentile(sorted, 90).toFixed(2), percentile(sorted, 99).toFixed(2), sorted.at(-1)!.toFixed(2)]],
    );
  } finally {
    await server.t.close();
    await database.close();
    await scratch.drop();
  }
}
