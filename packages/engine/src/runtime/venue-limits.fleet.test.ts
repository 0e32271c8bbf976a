/**
 * Issue 19's "the engine pacing under them without a single 429 in a ten-minute run": a fleet of
 * depth near bots (their defaults) on one live key, against Binance spot's published limits
 * (6,000 request weight a minute per IP, 100 orders per 10 s and 200,000 a day per account), for
 * ten minutes of the harness's fake clock. The venue is the in-process simulator behind the
 * facade's own limiters (binance-limited-venue.ts), so the run is deterministic and takes seconds;
 * the HTTP path through ccxt is venue-limits.live.test.ts (one minute of real time) and the bench
 * `live-fleet` (ten minutes, fifty bots).
 *
 * Each bot here reads the venue by REST every tick (no streams in process), so the fleet asks for
 * far more than the limits allow: the same fleet with a venue whose answers the engine cannot read
 * is refused within the run, which is what makes "no refusal" a finding.
 */
import { parseRobotConfig, robotTypes, type PairDefaults } from '@makerdesk/contract';
import { BINANCE_LIMITS, type BinanceLimits } from '@makerdesk/exchange/binance-facade';
import { describe, expect, it } from 'vitest';
import type { RobotRecord } from '../ports.ts';
import { strategyRegistry } from '../strategies/registry.ts';
import { BinanceLimitedVenues } from '../testing/binance-limited-venue.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { PACE_FROM } from './venue-pacing.ts';

const SYMBOLS = ['BTC/USDT', 'ETH/USDT'];
const BOTS = 24;
const MINUTES = 10;

function depthNear(h: SimHarness, id: number, symbol: string): RobotRecord {
  const market = h.venue.markets().find((m) => m.symbol === symbol)!;
  const pair: PairDefaults = {
    symbol,
    price: h.venue.referencePrice(symbol),
    pricePrecision: market.pricePrecision,
    amountPrecision: market.amountPrecision,
    minAmount: market.minAmount,
    minNotional: market.minNotional,
  };
  const parsed = parseRobotConfig('depth_near', robotTypes.depth_near.defaults(pair, h.clock.now()));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const coinId = SYMBOLS.indexOf(symbol) + 1;
  return { id, adminId: 1, coinId, symbol, type: 'depth_near', config: parsed.config, status: 'running', startMode: 'now', startAt: null, priceMode: 'normal', state: null, startedAt: h.clock.now() };
}

interface Run {
  venues: BinanceLimitedVenues;
  placed: number;
  twoSidedShare: number;
  quotingAtEnd: number;
}

/** The fleet on one key behind Binance's limits for `minutes` of fake time. */
async function runFleet(limits: BinanceLimits, reportsUsage: boolean, minutes: number): Promise<Run> {
  let h: SimHarness | null = null;
  const venues = new BinanceLimitedVenues(limits, () => h!.clock.now(), reportsUsage);
  h = new SimHarness(strategyRegistry, [], {
    simulated: false,
    wrapVenue: (exchange, apiKey) => venues.wrap(exchange, apiKey),
    budgetKeyOf: (apiKey) => `binance:${apiKey}`,
  });
  const ids = Array.from({ length: BOTS }, (_, i) => i + 1);
  for (const id of ids) h.store.put(depthNear(h, id, SYMBOLS[id % SYMBOLS.length]!));
  await h.engine.start();
  let twoSided = 0;
  let samples = 0;
  for (let second = 0; second < minutes * 60; second++) {
    h.venue.step();
    await h.clock.advance(1000);
    // After the start-up minute, every 10 s: which bots have a bid and an ask on the book.
    if (second >= 60 && second % 10 === 0) {
      for (const id of ids) {
        const { quote } = h.engine.runtime(id);
        if (quote.bid !== null && quote.ask !== null) twoSided++;
        samples++;
      }
    }
  }
  const placed = ids.reduce((sum, id) => sum + h!.engine.runtime(id).lastHour.orders, 0);
  const quotingAtEnd = ids.filter((id) => {
    const { quote } = h!.engine.runtime(id);
    return quote.bid !== null && quote.ask !== null;
  }).length;
  return { venues, placed, twoSidedShare: twoSided / samples, quotingAtEnd };
}

/**
 * Binance's published limits, and a venue allowing half the weight: at 6,000 a minute the key's own
 * token bucket (10 requests a second) nearly suffices by itself; at 3,000 only the pacing by the
 * reported weight keeps the fleet under.
 */
const TIGHT: BinanceLimits = { ...BINANCE_LIMITS, weightPerMinute: 3000 };

describe('a live fleet against Binance’s limits for ten minutes (issue 19)', () => {
  it.each([
    ['Binance’s published limits', BINANCE_LIMITS],
    ['3,000 request weight a minute', TIGHT],
  ])(
    `${BOTS} depth near bots on one key under %s: not one 429 or 418 in ten minutes, the weight limit approached, every bot quoting, the day's orders under the day's limit`,
    async (name, limits) => {
      const run = await runFleet({ ...limits }, true, MINUTES);
      expect(run.venues.refusals, 'the venue refused nothing').toEqual([]);
      // The fleet pressed on the limit: the engine held it, not a fleet that asks little.
      expect(run.venues.highest.weight1m).toBeGreaterThanOrEqual(limits.weightPerMinute * PACE_FROM);
      expect(run.venues.highest.weight1m).toBeLessThanOrEqual(limits.weightPerMinute);
      expect(run.venues.highest.orders10s).toBeLessThanOrEqual(limits.ordersPer10s);
      // Orders a day at this run's pace (the start-up ladders included).
      const projectedDay = (run.placed / MINUTES) * 1440;
      expect(projectedDay).toBeLessThan(limits.ordersPerDay);
      expect(run.quotingAtEnd, 'every bot has a bid and an ask at the end').toBe(BOTS);
      expect(run.twoSidedShare).toBeGreaterThan(0.9);
      console.info(
        `live fleet under ${name}, ${BOTS} bots, ${MINUTES} min: ${run.venues.answered} requests answered, highest weight ${run.venues.highest.weight1m}/min, highest orders ${run.venues.highest.orders10s}/10 s, ${run.placed} placed (${Math.round(projectedDay)} a day), two-sided ${(run.twoSidedShare * 100).toFixed(1)} %`,
      );
    },
    120_000,
  );

  it('the same fleet, with a venue whose answers do not report their use, is refused within minutes at 3,000 a minute: the limits bite', async () => {
    const run = await runFleet({ ...TIGHT }, false, 3);
    expect(run.venues.refusals.length).toBeGreaterThan(0);
    expect(run.venues.refusals[0]).toMatch(/^(429|418) -10(03|15) /);
  }, 120_000);
});
