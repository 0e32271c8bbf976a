import { ErrorCode, messageFor } from '@makerdesk/contract';
import { add, compare } from '@makerdesk/decimal';
import { ExchangeError } from '@makerdesk/exchange';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { admins, coins, manualFills, robotFills, robots } from '../db/schema.ts';
import { SEED_ADMIN_ACCOUNT } from '../services/seed.ts';
import { importKey, signUp, type SignedInAccount } from '../testing/accounts.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let token: string;
let trader: SignedInAccount;
let ethBtc: number;
const BTC = 1;
const ETH = 2;
const SOL = 3;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const now = Date.now();
const at = (msAgo: number) => new Date(now - msAgo);
const WINDOWS = ['1h', 'today', '7d', 'all'] as const;
const FIGURES = ['total', 'realised', 'unrealised', 'fees', 'vsHold'] as const;

interface Row {
  coinId: number;
  coinName: string;
  quote: string;
  total: string | null;
  realised: string | null;
  unrealised: string | null;
  fees: string | null;
  vsHold: string | null;
  unvaluedFees: number;
  unavailable: { code: number; msg: string } | null;
}
interface Total {
  quote: string;
  total: string;
  realised: string;
  unrealised: string;
  fees: string;
  vsHold: string;
  pairs: number;
  unavailablePairs: number;
}

async function get(url: string, as = token, lang?: 'zh_CN') {
  return t.call('GET', url, { token: as, ...(lang ? { lang } : {}) });
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await importKey(t, token, { coinId: BTC, apiKey: 'wide-btc-key' });
  await importKey(t, token, { coinId: ETH, apiKey: 'wide-eth-key' });
  trader = await signUp(t, token, 'wide-trader@makerdesk.local', { coinIds: [BTC] });
  await importKey(t, trader.token, { coinId: BTC, apiKey: 'wide-trader-key' });
  for (let i = 0; i < 10; i++) t.services.sim.localHost.venue.step();
  const db = t.database.db;
  const [main] = await db.select({ id: admins.id }).from(admins).where(eq(admins.account, SEED_ADMIN_ACCOUNT));
  const adminId = main!.id;
  const [traderRow] = await db.select({ id: admins.id }).from(admins).where(eq(admins.account, 'wide-trader@makerdesk.local'));
  // A pair quoted in BTC (no key: valued at its own cost), so the totals have two quote assets.
  const [extra] = await db.insert(coins).values({ coinName: 'ETH/BTC', platformId: 1 }).returning();
  ethBtc = extra!.id;
  const [bot] = await db.insert(robots).values({ adminId, coinId: BTC, type: 'depth_far', config: {}, description: 'BTC ladder' }).returning();
  // A bot on SOL with no fill: the pair is traded (it has a bot) and its figures are zero.
  await db.insert(robots).values({ adminId, coinId: SOL, type: 'depth_near', config: {} });
  await db.insert(robotFills).values([
    { robotId: bot!.id, clientOrderId: `MDb${bot!.id}Zaaaaaaaaaaaaaaaa`, filledAfter: '2', side: 'buy', price: '100', amount: '2', quoteAmount: '200', fee: '0.2', realizedPnl: '0', positionAfter: '2', avgCostAfter: '100', at: at(3 * DAY) },
    { robotId: bot!.id, clientOrderId: `MDb${bot!.id}Zbbbbbbbbbbbbbbbb`, filledAfter: '1', side: 'sell', price: '110', amount: '1', quoteAmount: '110', fee: '0.11', realizedPnl: '10', positionAfter: '1', avgCostAfter: '100', at: at(30 * MIN) },
  ]);
  await db.insert(manualFills).values([
    { adminId, coinId: ETH, tradeId: 'wide-1', orderNo: 'e-1', side: 'buy', price: '3000', amount: '1', fee: '3', feeAsset: 'USDT', feeQuote: '3', clientOrderId: 'MDmanualZeeeeeeeeeeeeeeee', at: at(2 * DAY) },
    { adminId, coinId: ETH, tradeId: 'wide-2', orderNo: 'e-2', side: 'sell', price: '3100', amount: '0.5', fee: '1.55', feeAsset: 'USDT', feeQuote: '1.55', clientOrderId: 'MDmanualZffffffffffffffff', at: at(10 * MIN) },
    { adminId, coinId: ethBtc, tradeId: 'wide-3', orderNo: 'x-1', side: 'buy', price: '0.05', amount: '2', fee: '0.0001', feeAsset: 'BTC', feeQuote: '0.0001', clientOrderId: 'MDmanualZgggggggggggggggg', at: at(40 * MIN) },
    { adminId, coinId: ethBtc, tradeId: 'wide-4', orderNo: 'x-2', side: 'sell', price: '0.06', amount: '1', fee: '0.00006', feeAsset: 'BTC', feeQuote: '0.00006', clientOrderId: 'MDmanualZhhhhhhhhhhhhhhhh', at: at(20 * MIN) },
    // The restricted account's own fill on BTC: only it sees it.
    { adminId: traderRow!.id, coinId: BTC, tradeId: 'wide-5', orderNo: 't-1', side: 'buy', price: '101', amount: '0.1', fee: '0.0101', feeAsset: 'USDT', feeQuote: '0.0101', clientOrderId: 'MDmanualZiiiiiiiiiiiiiiii', at: at(25 * MIN) },
  ]);
});
afterAll(() => t.close());

describe('GET /desk/pnlAll', () => {
  it('each pair the account trades has the same figures as GET /desk/pnl for it, in every window; totals are per quote asset', async () => {
    for (const window of WINDOWS) {
      const { body } = await get(`/backend/desk/pnlAll?window=${window}`);
      expect(body.code, JSON.stringify(body)).toBe(200);
      const d = body.data as { window: string; from: number; to: number; pairs: Row[]; totals: Total[] };
      expect(d.window).toBe(window);
      expect(d.pairs.map((p) => p.coinName)).toEqual(['BTC/USDT', 'ETH/BTC', 'ETH/USDT', 'SOL/USDT']);
      for (const row of d.pairs) {
        expect(row.unavailable).toBeNull();
        const one = (await get(`/backend/desk/pnl?coinId=${row.coinId}&window=${window}`)).body.data;
        expect(row.quote).toBe(one.quote);
        for (const k of FIGURES) expect(compare(row[k]!, one[k]), `${row.coinName} ${window} ${k}: ${row[k]} vs ${one[k]}`).toBe(0);
        expect(row.unvaluedFees).toBe(one.unvaluedFees);
        // The pair's price precision at its venue, for the console to show its figures at (null without a key to read the venue); not part of one pair's /desk/pnl.
        const precision = (row as { pricePrecision?: unknown }).pricePrecision;
        expect(precision === null || Number.isInteger(precision), JSON.stringify(row)).toBe(true);
        if (row.coinName === 'BTC/USDT') expect(precision).toBe(2);
        expect(one).not.toHaveProperty('pricePrecision');
      }
      // Two quote assets, never summed together; each total is the sum of its pairs.
      expect(d.totals.map((x) => x.quote)).toEqual(['USDT', 'BTC']);
      for (const total of d.totals) {
        const rows = d.pairs.filter((p) => p.quote === total.quote);
        expect(total.pairs).toBe(rows.length);
        expect(total.unavailablePairs).toBe(0);
        for (const k of FIGURES) expect(compare(total[k], rows.reduce((s, r) => add(s, r[k]!), '0')), `${total.quote} ${k}`).toBe(0);
      }
    }
    const all = (await get('/backend/desk/pnlAll?window=all')).body.data as { pairs: Row[]; totals: Total[] };
    const byName = (n: string) => all.pairs.find((p) => p.coinName === n)!;
    // Since start: BTC's bot realised 10 and paid 0.31; ETH/USDT realised (3100 − 3000)·0.5; ETH/BTC (0.06 − 0.05)·1; SOL has a bot and no fill.
    expect(byName('BTC/USDT')).toMatchObject({ quote: 'USDT', realised: '10', fees: '0.31' });
    expect(byName('ETH/USDT')).toMatchObject({ quote: 'USDT', realised: '50', fees: '4.55' });
    expect(byName('ETH/BTC')).toMatchObject({ quote: 'BTC', realised: '0.01', fees: '0.00016' });
    expect(byName('SOL/USDT')).toMatchObject({ total: '0', realised: '0', fees: '0' });
    expect(all.totals.find((x) => x.quote === 'USDT')).toMatchObject({ realised: '60', fees: '4.86', pairs: 3 });
    expect(all.totals.find((x) => x.quote === 'BTC')).toMatchObject({ realised: '0.01', fees: '0.00016', pairs: 1 });
  });

  it('the window defaults to today and an unknown one answers its code', async () => {
    expect((await get('/backend/desk/pnlAll')).body.data.window).toBe('today');
    const bad = await get('/backend/desk/pnlAll?window=2h');
    expect(bad.body.data.code).toBe(ErrorCode.INVALID_PNL_WINDOW);
  });

  it('a restricted account sees only its own pairs and its own fills', async () => {
    const { body } = await get('/backend/desk/pnlAll?window=all', trader.token);
    expect(body.code).toBe(200);
    const d = body.data as { pairs: Row[]; totals: Total[] };
    expect(d.pairs.map((p) => p.coinName)).toEqual(['BTC/USDT']);
    const one = (await get(`/backend/desk/pnl?coinId=${BTC}&window=all`, trader.token)).body.data;
    // Its one buy, not the main account's bot.
    expect(d.pairs[0]).toMatchObject({ realised: '0', fees: '0.0101' });
    for (const k of FIGURES) expect(compare(d.pairs[0]![k]!, one[k])).toBe(0);
    expect(d.totals).toEqual([expect.objectContaining({ quote: 'USDT', fees: '0.0101', pairs: 1, unavailablePairs: 0 })]);
  });

  it('a venue that fails for one pair marks that pair unavailable with its reason; the others and their totals still answer', async () => {
    const gateway = t.services.gateway;
    const forKey = gateway.forKey.bind(gateway);
    const spy = vi.spyOn(gateway, 'forKey').mockImplementation(async (material) => {
      if (material.apiKey === 'wide-eth-key') throw new ExchangeError('network', 'connect ECONNREFUSED');
      return forKey(material);
    });
    try {
      const { body } = await get('/backend/desk/pnlAll?window=7d');
      expect(body.code).toBe(200);
      const d = body.data as { pairs: Row[]; totals: Total[] };
      const eth = d.pairs.find((p) => p.coinName === 'ETH/USDT')!;
      expect(eth).toMatchObject({ quote: 'USDT', total: null, realised: null, unrealised: null, fees: null, vsHold: null });
      // A venue that does not answer is the catalogue's "system busy", in the reader's language.
      expect(eth.unavailable).toEqual({ code: ErrorCode.SYSTEM_BUSY, msg: messageFor(ErrorCode.SYSTEM_BUSY, 'en_US') });
      const btc = d.pairs.find((p) => p.coinName === 'BTC/USDT')!;
      expect(btc.unavailable).toBeNull();
      expect(btc.realised).toBe('10');
      const usdt = d.totals.find((x) => x.quote === 'USDT')!;
      // ETH/USDT is left out of the sum and counted as unavailable.
      expect(usdt).toMatchObject({ pairs: 2, unavailablePairs: 1, realised: '10' });
      const zh = await get('/backend/desk/pnlAll?window=7d', token, 'zh_CN');
      const ethZh = (zh.body.data.pairs as Row[]).find((p) => p.coinName === 'ETH/USDT')!;
      expect(ethZh.unavailable).toEqual({ code: ErrorCode.SYSTEM_BUSY, msg: messageFor(ErrorCode.SYSTEM_BUSY, 'zh_CN') });
      expect(ethZh.unavailable?.msg).not.toBe(eth.unavailable?.msg);
    } finally {
      spy.mockRestore();
    }
    const after = (await get('/backend/desk/pnlAll?window=7d')).body.data as { pairs: Row[] };
    expect(after.pairs.every((p) => p.unavailable === null)).toBe(true);
  });
});
