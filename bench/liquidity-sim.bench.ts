/**
 * Issue 20, the server's part: what the liquidity sampler costs per simulator pair and second, with
 * what it reads in process (the simulator's book, 1000 levels a side at most; the open orders of the
 * desk's two accounts on the pair, 20 resting orders; the pair's trades and the accounts' fills since
 * the last second) and the minute rows it folds. The background market moves between rounds and is
 * not counted. Run alone: `npx tsx bench/liquidity-sim.bench.ts`.
 */
import { defaultSimVenueOptions, SimVenue } from '@makerdesk/exchange';
import { mul } from '@makerdesk/decimal';
import { MINUTE_MS, type LiquidityMinute } from '@makerdesk/engine';
import { LiquiditySampler } from '../apps/server/src/services/liquidity/liquidity-sampler.ts';
import { SimLiquiditySources } from '../apps/server/src/services/liquidity/sim-liquidity-sources.ts';
import { printTable } from './report.ts';

const KEYS = ['bench-desk-a', 'bench-desk-b'];
const ROUNDS = 2000;
/** Rounds run first and not counted (the JIT warming up). */
const WARM_UP = 500;

async function quotingVenue(): Promise<SimVenue> {
  const options = defaultSimVenueOptions({ seed: 20 });
  const funds = Object.fromEntries(Object.keys(options.demoFunds).map((asset) => [asset, '100000000']));
  const venue = new SimVenue({ ...options, demoFunds: { ...funds, USDT: '1000000000' } });
  for (let i = 0; i < 20; i++) venue.step();
  for (const key of KEYS) await venue.openAccount(key);
  for (const market of venue.markets()) {
    const ticker = await venue.marketData().fetchTicker(market.symbol);
    const bid = Number(ticker.bid ?? ticker.last);
    const ask = Number(ticker.ask ?? ticker.last);
    for (const [k, key] of KEYS.entries())
      for (let i = 0; i < 5; i++) {
        const amount = mul(market.minAmount, '50');
        const away = 0.002 * (i + 1) + k * 0.0005;
        await venue.account(key).placeOrder({ symbol: market.symbol, direction: 'buy', tradeType: 'limit', price: (bid * (1 - away)).toFixed(market.pricePrecision), amount, clientOrderId: `b${k}-${market.symbol}-${i}` });
        await venue.account(key).placeOrder({ symbol: market.symbol, direction: 'sell', tradeType: 'limit', price: (ask * (1 + away)).toFixed(market.pricePrecision), amount, clientOrderId: `s${k}-${market.symbol}-${i}` });
      }
  }
  return venue;
}

export async function run(): Promise<void> {
  const venue = await quotingVenue();
  const pairs = venue.markets().map((m, i) => ({ id: i + 1, symbol: m.symbol }));
  const sources = new SimLiquiditySources({ venue: () => venue, simPairs: async () => pairs, obligations: async () => [], apiKeysOn: async () => KEYS });
  const rows: LiquidityMinute[] = [];
  const repo = {
    writeMinutes: async (list: readonly { coinId: number; row: LiquidityMinute }[]) => void rows.push(...list.map((r) => r.row)),
    minutes: async () => [],
  };
  let clock = 1_800_000_000_000 - (1_800_000_000_000 % MINUTE_MS);
  const sampler = new LiquiditySampler(sources, repo, { now: () => clock });
  for (let s = 0; s < WARM_UP; s++) {
    venue.step();
    clock += 1000;
    await sampler.sampleOnce();
  }
  rows.length = 0;
  let cpuMicros = 0;
  let wallMs = 0;
  for (let s = 0; s < ROUNDS; s++) {
    venue.step();
    clock += 1000;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await sampler.sampleOnce();
    wallMs += performance.now() - started;
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
  }
  const pairSeconds = ROUNDS * pairs.length;
  const perPairSecondMs = cpuMicros / 1000 / pairSeconds;
  const levels = (await venue.marketData().fetchOrderBook(pairs[0]!.symbol, 1000)).bids.length;
  console.log(`\nliquidity sampler on the simulator (issue 20): ${pairs.length} pairs (${levels} bid levels on ${pairs[0]!.symbol}), 2 desk accounts × 10 resting orders a pair, ${ROUNDS} rounds after ${WARM_UP} not counted`);
  printTable(
    ['figure', 'measured', 'target'],
    [
      ['CPU per pair-second (book, own orders, trades and fills read in process; measured; minute rows folded)', `${perPairSecondMs.toFixed(3)} ms = ${(perPairSecondMs / 10).toFixed(3)} % of a core per pair`, '— (the pure 500-pair target: liquidity.bench.ts)'],
      ['wall per round', `${(wallMs / ROUNDS).toFixed(2)} ms`, ''],
      ['minute rows written', String(rows.length), ''],
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
