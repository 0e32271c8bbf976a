/**
 * The same bot on a "live" venue: the engine drives ccxt's real `binance` class (CcxtExchange),
 * which signs requests to the simulator's Binance facade over HTTP. Real clock, real sockets:
 * the bot quotes, its orders are journalled with the venue's numbers, and switching it off
 * cancels its orders and no one else's.
 */
import { parseRobotConfig, robotTypes } from '@makerdesk/contract';
import { createDefaultSimVenue, makerDeskClientOrderId, isOwnClientOrderId, type SimVenue } from '@makerdesk/exchange';
import { BinanceFacade, facadeVenueFromSim } from '@makerdesk/exchange/binance-facade';
import { createCcxtExchange, type CcxtExchange } from '@makerdesk/exchange/ccxt';
import { serveFacade, type FacadeServer } from '@makerdesk/exchange/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RobotRecord } from '../ports.ts';
import { strategyRegistry } from '../strategies/registry.ts';
import { MemoryOrderJournal } from '../testing/memory-order-journal.ts';
import { MemoryRobotStore } from '../testing/memory-robot-store.ts';
import { MemoryTradingLog } from '../testing/memory-trading-log.ts';
import { createBotEngine } from './bot-engine.ts';
import { createRateBudgets } from './rate-budget.ts';

const KEY = 'live-key';
const SECRET = 'live-secret';
const SYMBOL = 'ETH/USDT';

let venue: SimVenue;
let server: FacadeServer;
let exchange: CcxtExchange;

beforeAll(async () => {
  venue = createDefaultSimVenue({ seed: 11 });
  await venue.openAccount(KEY);
  server = await serveFacade(new BinanceFacade({ venue: facadeVenueFromSim(venue), keyFor: async (key) => (key === KEY ? { secret: SECRET } : undefined) }));
  exchange = await createCcxtExchange({ id: 'binance', apiKey: KEY, secret: SECRET, apiBaseUrl: server.baseUrl, options: { fetchMarkets: ['spot'], fetchCurrencies: false } });
});
afterAll(async () => {
  await exchange?.close();
  await server?.close();
});

const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

describe('a bot through ccxt against the simulator’s Binance facade', () => {
  it('quotes, is journalled with the venue’s order numbers, and stopping cancels its own orders only', async () => {
    const manual = await venue.account(KEY).placeOrder({ symbol: SYMBOL, direction: 'buy', tradeType: 'limit', price: '1000.00', amount: '0.0100', clientOrderId: makerDeskClientOrderId('manual') });
    const market = venue.markets().find((m) => m.symbol === SYMBOL)!;
    const defaults = robotTypes.depth_near.defaults({ symbol: SYMBOL, price: venue.referencePrice(SYMBOL), pricePrecision: market.pricePrecision, amountPrecision: market.amountPrecision, minAmount: market.minAmount, minNotional: market.minNotional }, Date.now());
    const parsed = parseRobotConfig('depth_near', { ...defaults, intervalMin: 1, intervalMax: 2 });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const robot: RobotRecord = { id: 7, adminId: 1, coinId: 1, symbol: SYMBOL, type: 'depth_near', config: parsed.config, status: 'running', startMode: 'now', startAt: null, priceMode: 'safe', state: null, startedAt: Date.now() };
    const store = new MemoryRobotStore([robot]);
    const journal = new MemoryOrderJournal();
    const engine = createBotEngine({
      robots: store,
      journal,
      logs: new MemoryTradingLog(),
      venues: { open: async () => ({ exchange, budgetKey: `live:${KEY}`, simulated: false }) },
      references: { book: async () => ({ symbol: SYMBOL, bids: [], asks: [], timestamp: 0 }) },
      strategies: strategyRegistry,
      budgets: createRateBudgets(),
    });
    await engine.start();
    const ownOpen = async () => (await venue.account(KEY).fetchOpenOrders(SYMBOL)).filter((o) => isOwnClientOrderId(o.clientOrderId, 'b7'));
    expect(await until(async () => (await ownOpen()).length >= 2, 15_000)).toBe(true);
    // Safe mode on a live venue: every quote is post-only.
    for (const o of await ownOpen()) expect(o.timeInForce).toBe('POST_ONLY');
    // A placement may be in flight at any moment (journalled, no answer yet): wait for a moment where
    // every resting order of the bot is journalled with the venue's order number.
    const journalled = async () => {
      const byId = new Map(journal.all(7).map((o) => [o.clientOrderId, o]));
      const open = await ownOpen();
      return open.length > 0 && open.every((o) => byId.get(o.clientOrderId!)?.orderNo === o.orderNo);
    };
    expect(await until(journalled, 15_000)).toBe(true);

    store.robots.get(7)!.status = 'stopped';
    await engine.apply(7);
    expect(await ownOpen()).toEqual([]);
    const open = await venue.account(KEY).fetchOpenOrders(SYMBOL);
    expect(open.map((o) => o.orderNo)).toContain(manual.orderNo);
    await engine.shutdown();
  }, 60_000);
});
