/**
 * The packed fill archive (issue 21, the fills' bytes): two bots' fills over 12 days, manual fills of
 * the account on the pair interleaved with them (one at the same instant as a bot's fill), some fills
 * carrying their venue order number. The retention job packs the fill rows older than
 * MAKERDESK_RETAIN_FILL_ROW_DAYS (3 here) in small batches, two passes racing: the desk's ledger (every
 * page, every filter) and its CSV read the same fills as before, as do the P&L figures; a late fill
 * older than the rows' cut is listed in its place, then packed into its day's pack in turn. Packs whose
 * every fill is older than MAKERDESK_RETAIN_FILL_DAYS go, and the ledger then begins after them. On
 * PGlite, and on PostgreSQL in the suite's PostgreSQL pass.
 */
import { MAIN_ACCOUNT, type Lang } from '@makerdesk/contract';
import { mul } from '@makerdesk/decimal';
import type { FillRecord } from '@makerdesk/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { DeskRepository, type LedgerFilter, type LedgerRow } from '../../repositories/desk.repository.ts';
import { AnalysisRepository } from '../../repositories/analysis.repository.ts';
import { createRepositories, type Repositories } from '../../repositories/repositories.ts';
import { RetentionRepository } from '../../repositories/retention.repository.ts';
import { freshDatabase } from '../../testing/test-app.ts';
import { RETENTION_DEFAULTS, type RetentionSettings } from '../../domain/retention.ts';
import { insertLedgerBot } from '../../testing/retention-fixtures.ts';
import { fillDto } from '../desk/desk.service.ts';
import { fillsCsv } from '../desk/fills-csv.ts';
import { RetentionJob } from './retention-job.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.now();
const dayStart = (ms: number) => ms - (ms % DAY);
const PACKING: RetentionSettings = { ...RETENTION_DEFAULTS, fillRowDays: 3, fillDays: 400 };

let database: Database;
let drop: () => Promise<void>;
let repos: Repositories;
let desk: DeskRepository;
let adminId: number;
let coinId: number;
let bots: number[];
let tieAt = 0;

let seq = 0;
function fill(robotId: number, side: 'buy' | 'sell', price: string, amount: string, at: number): FillRecord {
  const quoteAmount = mul(price, amount);
  return { robotId, clientOrderId: `MDb${robotId}Z${++seq}`, side, price, amount, quoteAmount, fee: mul(quoteAmount, '0.001'), filledAfter: amount, at };
}

/** A bot's day: 20 fills about 70 minutes apart from 00:10, prices around 100, a few sizes. */
async function botDay(robotId: number, daysAgo: number): Promise<void> {
  const start = dayStart(NOW) - daysAgo * DAY + 10 * 60_000;
  const fills = Array.from({ length: 20 }, (_, k) => {
    const side = (k * 7 + robotId + daysAgo) % 3 === 0 ? 'sell' : ((k + daysAgo) % 2 === 0 ? 'buy' : 'sell');
    const price = `${100 + ((k * 3 + daysAgo) % 9)}.${String((k * 37 + robotId) % 100).padStart(2, '0')}`;
    const amount = ['0.01', '0.025', '0.1', '1.5'][(k + robotId) % 4]!;
    return fill(robotId, side, price, amount, start + k * 70 * 60_000 + robotId * 1000);
  });
  await repos.robotJournal.settle([], fills.slice(0, 10));
  await repos.robotJournal.settle([], fills.slice(10));
}

const FILTERS = (): { name: string; filter: Partial<LedgerFilter> }[] => [
  { name: 'all', filter: {} },
  { name: 'one bot', filter: { robotId: bots[1]! } },
  { name: 'bots only', filter: { table: 'bot' } },
  { name: 'manual only', filter: { table: 'nonBot' } },
  { name: 'a range across the cut', filter: { from: new Date(dayStart(NOW) - 8 * DAY + 5 * HOUR), to: new Date(dayStart(NOW) - 2 * DAY + 3 * HOUR) } },
  { name: 'from a day on', filter: { from: new Date(dayStart(NOW) - 6 * DAY + 13 * HOUR) } },
];

const filterOf = (f: Partial<LedgerFilter>): LedgerFilter => ({ adminId, coinId, from: null, to: null, robotId: null, table: null, manualOnly: null, ...f });
const key = (r: LedgerRow) => [r.kind, r.id, r.at.getTime(), r.side, r.price, r.amount, r.fee, r.feeQuote, r.robotId, r.robotDescription, r.clientOrderId, r.orderNo];

/** Every filter's ledger: whole, page after page (17 a page), and as the CSV export reads it. */
async function ledgers() {
  const out: Record<string, { total: number; rows: unknown[]; paged: unknown[]; csv: string }> = {};
  for (const { name, filter } of FILTERS()) {
    const whole = await desk.ledger(filterOf(filter), null);
    const paged: unknown[] = [];
    for (let offset = 0; offset < whole.total + 17; offset += 17) {
      const page = await desk.ledger(filterOf(filter), { limit: 17, offset });
      expect(page.total).toBe(whole.total);
      paged.push(...page.rows.map(key));
    }
    const exported = await desk.ledger(filterOf(filter), { limit: 100_000, offset: 0 });
    const csv = fillsCsv(exported.rows.map((r) => fillDto(r, 'USDT', 'en' as Lang, { id: adminId, mainAccountId: MAIN_ACCOUNT })));
    out[name] = { total: whole.total, rows: whole.rows.map(key), paged, csv };
  }
  return out;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await database.migrate();
  repos = createRepositories(database.db);
  desk = new DeskRepository(database.db);
  await repos.platforms.insertMissing([{ code: 'sim', name: 'Sim' }]);
  const simId = (await repos.platforms.findByCode('sim'))!.id;
  await repos.coins.insertMissing(simId, ['BTC/USDT']);
  coinId = (await repos.coins.listAll())[0]!.id;
  adminId = (await repos.admins.insert({ account: 'packs@desk.io', passwordHash: 'h', role: 'trader', employeeName: 'desk', mainAccountId: MAIN_ACCOUNT }))!.id;
  bots = [await insertLedgerBot(repos, adminId, coinId, 'depth_near'), await insertLedgerBot(repos, adminId, coinId, 'depth_far')];
  for (let daysAgo = 12; daysAgo >= 0; daysAgo--) {
    await botDay(bots[0]!, daysAgo);
    if (daysAgo >= 7) await botDay(bots[1]!, daysAgo);
  }
  // Some fills carry their order's venue number (as an order's prune leaves it).
  await database.db.execute(sql`update robot_fills set order_no = 'V' || id::text where id % 3 = 0`);
  // Manual fills every 11 hours over the 12 days, one at the very instant of a bot's fill.
  const [tie] = await rows<{ at_ms: string }>(sql`select floor(extract(epoch from at) * 1000)::text as at_ms from robot_fills where robot_id = ${bots[0]!} order by at limit 1 offset 100`);
  tieAt = Number(tie!.at_ms);
  const manual = Array.from({ length: 26 }, (_, k) => dayStart(NOW) - 12 * DAY + k * 11 * HOUR + 17_000).concat([tieAt]);
  await new AnalysisRepository(database.db).insertManualFills(
    manual.map((at, k) => ({ adminId, coinId, tradeId: `T${k}`, orderNo: `M${k}`, side: k % 2 === 0 ? 'buy' : 'sell', price: `99.${k}`, amount: '0.3', fee: '0.01', feeAsset: 'USDT', feeQuote: '0.01', clientOrderId: k % 3 === 0 ? null : `ext${k}`, at: new Date(at) })),
  );
}, 300_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('the packed fill archive', () => {
  it('packs the fill rows past their days: the ledger’s every page and filter and its CSV read the same fills, and the P&L too', { timeout: 300_000 }, async () => {
    const store = new RetentionRepository(database.db, database.kind);
    const before = await ledgers();
    const pnlBefore = await desk.botWindows(adminId, coinId, new Date(dayStart(NOW) - 30 * DAY), new Date(NOW));
    // The bot's drawer: its latest fills, on into the packs (bots[1]'s are all packed).
    const drawers = async () => [await repos.robotJournal.recentFills(bots[0]!, 150), await repos.robotJournal.recentFills(bots[1]!, 50), await repos.robotJournal.recentFills(bots[0]!, 7)];
    const drawersBefore = await drawers();
    expect(drawersBefore.map((d) => d.length)).toEqual([150, 50, 7]);
    const countBefore = (await store.counts()).robot_fills;
    expect(before.all!.total).toBe(13 * 20 + 6 * 20 + 27);
    expect(before.all!.paged).toEqual(before.all!.rows);

    const job = () => new RetentionJob({ repo: store, settings: PACKING, now: () => NOW, batch: 9 });
    const passes = await Promise.all([job().sweep(), job().sweep()]);
    const last = await job().sweep();
    const cut = NOW - 3 * DAY;
    const [{ n: older }] = (await rows<{ n: string }>(sql`select count(*)::text as n from robot_fills where at < ${new Date(cut).toISOString()}::timestamptz`)) as [{ n: string }];
    expect(Number(older)).toBe(0);
    const packed = passes[0]!.fills + passes[1]!.fills + last.fills;
    expect(packed).toBeGreaterThan(200);
    expect((await store.counts()).robot_fills).toBe(countBefore - packed);
    const packs = await rows<{ robot_id: number; fills: number }>(sql`select robot_id, fills from robot_fill_packs order by robot_id, day`);
    // One pack a bot and day (the batches of a day joined), holding every fill packed.
    expect(packs.length).toBe(10 + 6);
    expect(packs.reduce((n, p) => n + Number(p.fills), 0)).toBe(packed);

    const after = await ledgers();
    for (const name of Object.keys(before)) {
      expect(after[name]!.paged, name).toEqual(after[name]!.rows);
      expect(after[name], name).toEqual(before[name]);
    }
    expect(await desk.botWindows(adminId, coinId, new Date(dayStart(NOW) - 30 * DAY), new Date(NOW))).toEqual(pnlBefore);
    expect(await drawers()).toEqual(drawersBefore);

    // A late fill, dated before fills already packed: listed in its place as a row, then packed into its day.
    const late = fill(bots[0]!, 'buy', '101.5', '0.2', dayStart(NOW) - 5 * DAY + 7 * HOUR + 123);
    await repos.robotJournal.settle([], [late]);
    const withLate = await ledgers();
    expect(withLate.all!.total).toBe(before.all!.total + 1);
    expect(withLate.all!.paged).toEqual(withLate.all!.rows);
    const at = withLate.all!.rows.findIndex((r) => (r as unknown[])[2] === late.at);
    expect(at).toBeGreaterThan(0);
    expect((withLate.all!.rows[at - 1] as number[])[2]).toBeGreaterThan(late.at);
    expect((withLate.all!.rows[at + 1] as number[])[2]).toBeLessThan(late.at);
    expect(await job().sweep()).toMatchObject({ fills: 1 });
    expect(await ledgers()).toEqual(withLate);
  });

  it('drops the packs whose every fill is past the ledger’s days; the ledger then begins after them', { timeout: 120_000 }, async () => {
    const store = new RetentionRepository(database.db, database.kind);
    const before = await desk.ledger(filterOf({}), null);
    const cut = NOW - 9 * DAY;
    const lastOfDay = new Map<string, number>();
    for (const r of before.rows.filter((r) => r.kind === 'bot')) {
      const k = `${r.robotId}|${new Date(r.at).toISOString().slice(0, 10)}`;
      lastOfDay.set(k, Math.max(lastOfDay.get(k) ?? 0, r.at.getTime()));
    }
    const expected = before.rows.filter((r) => r.kind === 'manual' || lastOfDay.get(`${r.robotId}|${r.at.toISOString().slice(0, 10)}`)! >= cut);
    const gone = [...lastOfDay.values()].filter((at) => at < cut).length;
    expect(gone).toBeGreaterThan(0);
    const pass = await new RetentionJob({ repo: store, settings: { ...PACKING, fillDays: 9 }, now: () => NOW, batch: 2 }).sweep();
    expect(pass.fillPacks).toBe(gone);
    const after = await desk.ledger(filterOf({}), null);
    expect(after.total).toBe(expected.length);
    expect(after.rows.map(key)).toEqual(expected.map(key));
    expect(await rows(sql`select robot_id from robot_fill_packs where last_at < ${new Date(cut).toISOString()}::timestamptz`)).toEqual([]);
  });

  it('a bot deleted takes its packs with it', async () => {
    await database.db.execute(sql`delete from robots where id = ${bots[1]!}`);
    expect(await rows(sql`select robot_id from robot_fill_packs where robot_id = ${bots[1]!}`)).toEqual([]);
  });
});
