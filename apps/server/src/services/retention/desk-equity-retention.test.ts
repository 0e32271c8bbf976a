/**
 * Bounded data, exact figures (issue 21), the desk's equity curve: it replays each source's fills
 * (each bot's, the manual ones) at the pair's daily closes since the first fill. Two bots and manual
 * fills on one pair over 30 days (one bot trading only the first 16), positions closed, flipped and
 * reopened; the retention job prunes the bots' fills older than 12 days, and the desk's curve, each
 * bot's and their daily bars read the same. On PGlite, and on PostgreSQL in the suite's PostgreSQL pass.
 */
import { MAIN_ACCOUNT, type Coin } from '@makerdesk/contract';
import { mul } from '@makerdesk/decimal';
import type { FillRecord } from '@makerdesk/engine';
import type { Candle, Exchange, Market } from '@makerdesk/exchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { AdminRow } from '../../domain/account.ts';
import type { ApiKeyMaterial } from '../../domain/key-material.ts';
import { RETENTION_DEFAULTS, type RetentionSettings } from '../../domain/retention.ts';
import { AnalysisRepository } from '../../repositories/analysis.repository.ts';
import { DeskRepository } from '../../repositories/desk.repository.ts';
import { createRepositories, type Repositories } from '../../repositories/repositories.ts';
import { RetentionRepository } from '../../repositories/retention.repository.ts';
import { freshDatabase } from '../../testing/test-app.ts';
import { DeskService } from '../desk/desk.service.ts';
import { RetentionJob } from './retention-job.ts';
import { insertLedgerBot } from '../../testing/retention-fixtures.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.now();
const dayStart = (ms: number) => ms - (ms % DAY);
const SETTINGS: RetentionSettings = { ...RETENTION_DEFAULTS, fillDays: 12 };

let database: Database;
let drop: () => Promise<void>;
let repos: Repositories;
let admin: AdminRow;
let coin: Coin;
let bots: number[];

let seq = 0;
function botFill(robotId: number, side: 'buy' | 'sell', price: string, amount: string, at: number): FillRecord {
  const quoteAmount = mul(price, amount);
  return { robotId, clientOrderId: `MDb${robotId}Z${++seq}`, side, price, amount, quoteAmount, fee: mul(quoteAmount, '0.001'), filledAfter: amount, at };
}

const priceOf = (daysAgo: number, k: number) => `${100 + ((daysAgo * 7 + k * 5) % 19)}.${(daysAgo * 17 + k * 11) % 100}`;

/** A venue answering daily candles (open at UTC midnight) and a book, at prices that move every day. */
function venue(): Exchange {
  const market = { symbol: coin.coinName, base: 'BTC', quote: 'USDT', pricePrecision: 2 } as unknown as Market;
  const candle = (time: number): Candle => {
    const close = priceOf(Math.round((NOW - time) / DAY), 3);
    return { time, open: close, high: close, low: close, close, volume: '1', quoteVolume: close };
  };
  return {
    loadMarkets: async () => [market],
    fetchCandles: async (_symbol: string, interval: string, opts: { since: number; limit: number }) => {
      expect(interval).toBe('1d');
      const out: Candle[] = [];
      for (let t = Math.ceil(opts.since / DAY) * DAY; t <= NOW && out.length < opts.limit; t += DAY) out.push(candle(t));
      return out;
    },
    fetchOrderBook: async () => ({ bids: [['104.25', '1']], asks: [['104.75', '1']] }),
    fetchTicker: async () => ({ last: '104.5' }),
  } as unknown as Exchange;
}

function desk(): DeskService {
  return new DeskService({
    repo: new DeskRepository(database.db),
    coins: { requireUsablePair: async () => coin, listFor: async () => [coin] },
    credentials: { materialOf: async () => ({ id: 1 }) as unknown as ApiKeyMaterial },
    gateway: { forKey: async () => venue() },
    manualFills: { syncManualFills: async () => undefined },
    now: () => NOW,
  });
}

/** The desk's curve and each bot's. */
async function curves() {
  return [await desk().equity(admin, { coinId: coin.coinId }), ...(await Promise.all(bots.map((robotId) => desk().equity(admin, { coinId: coin.coinId, robotId }))))];
}

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  repos = createRepositories(database.db);
  await repos.platforms.insertMissing([{ code: 'sim', name: 'Sim' }]);
  const simId = (await repos.platforms.findByCode('sim'))!.id;
  await repos.coins.insertMissing(simId, ['BTC/USDT']);
  const row = (await repos.coins.listAll())[0]!;
  coin = { coinId: row.id, coinName: row.coinName, platformId: simId, marketKind: 'spot', endTimeStamp: null, status: 'enabled' };
  admin = (await repos.admins.insert({ account: 'equity@desk.io', passwordHash: 'h', role: 'trader', employeeName: 'desk', mainAccountId: MAIN_ACCOUNT }))!;
  const bot = (type: string) => insertLedgerBot(repos, admin.id, coin.coinId, type);
  bots = [await bot('depth_near'), await bot('depth_far')];
  const analysis = new AnalysisRepository(database.db);
  const legs: ['buy' | 'sell', string][] = [
    ['buy', '1.5'],
    ['sell', '0.75'],
    ['sell', '2.2'],
    ['buy', '0.4'],
    ['buy', '1.9'],
    ['sell', '0.35'],
  ];
  for (let daysAgo = 30; daysAgo >= 1; daysAgo--) {
    const start = dayStart(NOW) - daysAgo * DAY;
    await repos.robotJournal.settle([], legs.map(([side, amount], k) => botFill(bots[0]!, side, priceOf(daysAgo, k), amount, start + HOUR + k * 3 * HOUR)));
    if (daysAgo >= 15) await repos.robotJournal.settle([], [botFill(bots[1]!, daysAgo % 3 ? 'buy' : 'sell', priceOf(daysAgo, 7), `0.${daysAgo % 9 + 1}`, start + 5 * HOUR)]);
    const n = ++seq;
    await analysis.insertManualFills([
      { adminId: admin.id, coinId: coin.coinId, tradeId: `t${n}`, orderNo: `o${n}`, side: daysAgo % 2 ? 'buy' : 'sell', price: priceOf(daysAgo, 9), amount: '0.5', fee: '0.05', feeAsset: 'USDT', feeQuote: '0.05', clientOrderId: null, at: new Date(start + 10 * HOUR) },
    ]);
  }
}, 300_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('the desk’s equity curve across a prune', () => {
  it('reads the same, the desk’s and each bot’s, after the bots’ fills past their retention are folded', { timeout: 300_000 }, async () => {
    const before = await curves();
    expect(before[0]!.points.length).toBeGreaterThan(29);
    expect(before[2]!.points.at(-1)!.total).not.toBe('0');
    const store = new RetentionRepository(database.db, database.kind);
    const job = () => new RetentionJob({ repo: store, settings: SETTINGS, now: () => NOW, batch: 9 });
    const passes = await Promise.all([job().sweep(), job().sweep()]);
    const pass = await job().sweep();
    // bots[0]: 6 fills a day on days 30..13 and day 12's before the cut; bots[1]: all 16.
    const cut = NOW - 12 * DAY;
    const day12 = legs(dayStart(NOW) - 12 * DAY).filter((at) => at < cut).length;
    expect(passes[0]!.fills + passes[1]!.fills + pass.fills).toBe(18 * 6 + day12 + 16);
    expect(await curves()).toEqual(before);
  });
});

function legs(start: number): number[] {
  return [0, 1, 2, 3, 4, 5].map((k) => start + HOUR + k * 3 * HOUR);
}
