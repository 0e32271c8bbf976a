import { ErrorCode } from '@makerdesk/contract';
import { ExchangeError, SimConfigError } from '@makerdesk/exchange';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../domain/app-error.ts';
import { OutboundRefusedError } from '../outbound/outbound-guard.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import type { VenueMode } from '../venues/live-exchange.ts';
import { checkExpiry, MAX_EXPIRY_MS, PairAdminService, type PairAdminVenues } from './pair-admin.service.ts';

let fake: InMemoryRepositories;
let service: PairAdminService;
let simMarkets: Set<string>;
let opened: { symbol: string; price: string | undefined }[];
let asked: VenueMode[];
let venueDown: unknown;
let warnings: unknown[];
let simId: number;
let binanceId: number;

async function codeOf(run: Promise<unknown>): Promise<number | string> {
  try {
    await run;
    return 'resolved';
  } catch (err) {
    return (err as AppError).code ?? String(err);
  }
}

beforeEach(async () => {
  fake = createInMemoryRepositories();
  simMarkets = new Set(['BTC/USDT']);
  opened = [];
  asked = [];
  venueDown = undefined;
  warnings = [];
  const venues: PairAdminVenues = {
    describe: async (code) => ({ known: ['binance', 'mexc'].includes(code), sandbox: code === 'binance' }),
    listSymbols: async (platform) => {
      asked.push(platform);
      if (venueDown) throw venueDown;
      return ['BTC/USDT', 'ETH/USDT'];
    },
    // The guard's verdict, here by host: 10.0.0.8 stands for any address inside.
    allowsBaseUrl: async (url) => new URL(url).hostname !== '10.0.0.8',
    sim: {
      has: async (symbol) => simMarkets.has(symbol),
      open: async (symbol, price) => {
        if (price === 'bad') throw new SimConfigError('the opening price must be a decimal');
        opened.push({ symbol, price });
        simMarkets.add(symbol);
      },
      reopen: async (symbols) => {
        for (const symbol of symbols) if (!simMarkets.has(symbol)) simMarkets.add(symbol);
        return [];
      },
    },
  };
  service = new PairAdminService(fake.repos, venues, undefined, { warn: (obj) => void warnings.push(obj) });
  await fake.repos.platforms.insertMissing([
    { code: 'sim', name: 'MakerDesk Simulator' },
    { code: 'binance', name: 'Binance' },
  ]);
  simId = (await fake.repos.platforms.findByCode('sim'))!.id;
  binanceId = (await fake.repos.platforms.findByCode('binance'))!.id;
});

describe('checkExpiry', () => {
  it('passes undefined and null through, takes whole positive ms up to year 9999, refuses the rest', () => {
    expect(checkExpiry(undefined)).toBeUndefined();
    expect(checkExpiry(null)).toBeNull();
    expect(checkExpiry(1_800_000_000_000)).toBe(1_800_000_000_000);
    expect(checkExpiry(MAX_EXPIRY_MS)).toBe(MAX_EXPIRY_MS);
    for (const bad of [0, -5, 1.5, MAX_EXPIRY_MS + 1, Number.NaN]) expect(() => checkExpiry(bad), String(bad)).toThrow(expect.objectContaining({ code: ErrorCode.INVALID_EXPIRY }));
  });
});

describe('PairAdminService.addPair', () => {
  it('on the simulator opens a market for a new symbol (upper-cased), with the opening price given, and saves the pair', async () => {
    const { coinId } = await service.addPair({ platformId: simId, coinName: ' new/usdt ', openingPrice: '3.5', endTimeStamp: 1_900_000_000_000, status: 'disabled' });
    expect(opened).toEqual([{ symbol: 'NEW/USDT', price: '3.5' }]);
    expect(fake.tables.coins.find((c) => c.id === coinId)).toMatchObject({ coinName: 'NEW/USDT', platformId: simId, endTimeStamp: 1_900_000_000_000, status: 'disabled' });
  });

  it('uses a market the simulator already trades as it is', async () => {
    await service.addPair({ platformId: simId, coinName: 'BTC/USDT' });
    expect(opened).toEqual([]);
    expect(fake.tables.coins.map((c) => c.coinName)).toEqual(['BTC/USDT']);
  });

  it('refuses duplicates, malformed symbols, bad prices and bad expiries before opening anything', async () => {
    await service.addPair({ platformId: simId, coinName: 'BTC/USDT' });
    expect(await codeOf(service.addPair({ platformId: simId, coinName: 'btc/usdt' }))).toBe(ErrorCode.PAIR_ALREADY_EXISTS);
    expect(await codeOf(service.addPair({ platformId: simId, coinName: 'BTCUSDT' }))).toBe(ErrorCode.INVALID_SYMBOL);
    expect(await codeOf(service.addPair({ platformId: simId, coinName: 'NEW/USDT', openingPrice: 'bad' }))).toBe(ErrorCode.INVALID_PRICE);
    expect(await codeOf(service.addPair({ platformId: simId, coinName: 'NEW/USDT', endTimeStamp: -1 }))).toBe(ErrorCode.INVALID_EXPIRY);
    expect(await codeOf(service.addPair({ platformId: 77, coinName: 'NEW/USDT' }))).toBe(ErrorCode.PLATFORM_NOT_FOUND);
    expect(opened).toEqual([]);
    expect(fake.tables.coins).toHaveLength(1);
  });

  it('on a live platform checks the venue’s markets: listed is saved, not listed or unreachable writes nothing', async () => {
    await service.addPair({ platformId: binanceId, coinName: 'ETH/USDT' });
    expect(asked).toEqual([expect.objectContaining({ code: 'binance', sandbox: false, apiBaseUrl: null })]);
    const missing = service.addPair({ platformId: binanceId, coinName: 'DOGE/USDT' });
    await expect(missing).rejects.toMatchObject({ code: ErrorCode.SYMBOL_NOT_LISTED, params: { symbol: 'DOGE/USDT', platform: 'Binance' } });
    venueDown = new ExchangeError('network', 'binance GET https://api.binance.com/api/v3/exchangeInfo fetch failed: connect ECONNREFUSED');
    await expect(service.addPair({ platformId: binanceId, coinName: 'BTC/USDT' })).rejects.toMatchObject({ code: ErrorCode.VENUE_UNREACHABLE, params: { platform: 'Binance' } });
    expect(fake.tables.coins.map((c) => c.coinName)).toEqual(['ETH/USDT']);
    expect(opened).toEqual([]);
  });

  it('never quotes what a venue answered: a page that is not the venue’s API is named as such, the detail kept in the server log without credentials', async () => {
    venueDown = new ExchangeError('venue_error', 'binance GET http://ops:s3cret@10.9.9.9/api/v3/exchangeInfo 200 OK <html>admin panel db_password=hunter2</html>');
    const refusal = await service.addPair({ platformId: binanceId, coinName: 'BTC/USDT' }).catch((err: unknown) => err as AppError);
    expect(refusal).toMatchObject({ code: ErrorCode.VENUE_ANSWER_UNREADABLE, params: { platform: 'Binance' } });
    expect(JSON.stringify(refusal)).not.toContain('hunter2');
    expect(warnings).toEqual([{ platformId: binanceId, failure: 'unreadable', detail: expect.stringContaining('db_password=hunter2') }]);
    expect(JSON.stringify(warnings)).not.toContain('s3cret');
    venueDown = new ExchangeError('venue_error', 'destination not allowed', {}, { cause: new OutboundRefusedError() });
    await expect(service.addPair({ platformId: binanceId, coinName: 'BTC/USDT' })).rejects.toMatchObject({ code: ErrorCode.DESTINATION_NOT_ALLOWED });
    expect(fake.tables.coins).toHaveLength(0);
  });
});

describe('PairAdminService.updatePair', () => {
  it('changes only what is sent; null clears the expiry', async () => {
    const { coinId } = await service.addPair({ platformId: simId, coinName: 'BTC/USDT', endTimeStamp: 1_900_000_000_000 });
    expect(await service.updatePair({ coinId, status: 'disabled' })).toMatchObject({ status: 'disabled', endTimeStamp: 1_900_000_000_000 });
    expect(await service.updatePair({ coinId, endTimeStamp: null })).toMatchObject({ status: 'disabled', endTimeStamp: null });
    expect(await codeOf(service.updatePair({ coinId: 999, status: 'enabled' }))).toBe(ErrorCode.PAIR_NOT_FOUND);
    expect(await codeOf(service.updatePair({ coinId, endTimeStamp: 0 }))).toBe(ErrorCode.INVALID_EXPIRY);
  });
});

describe('PairAdminService.addPlatform', () => {
  it('takes a ccxt id (lower-cased), in its sandbox or at an API base without its trailing slash', async () => {
    const { id } = await service.addPlatform({ name: ' Binance testnet ', code: 'Binance', sandbox: true });
    expect(fake.tables.platforms.find((p) => p.id === id)).toMatchObject({ name: 'Binance testnet', code: 'binance', sandbox: true, apiBaseUrl: null });
    const custom = await service.addPlatform({ name: 'Proxy', code: 'binance', apiBaseUrl: 'http://127.0.0.1:8080/sim/binance/api/v3/' });
    expect(fake.tables.platforms.find((p) => p.id === custom.id)).toMatchObject({ sandbox: false, apiBaseUrl: 'http://127.0.0.1:8080/sim/binance/api/v3' });
  });

  it('refuses an API base the server may not call, saving nothing', async () => {
    await expect(service.addPlatform({ name: 'Inside', code: 'binance', apiBaseUrl: 'http://10.0.0.8/api/v3' })).rejects.toMatchObject({ code: ErrorCode.DESTINATION_NOT_ALLOWED });
    expect(fake.tables.platforms).toHaveLength(2);
  });

  it('refuses an unknown id, a sandbox the venue lacks, and the same platform twice', async () => {
    await expect(service.addPlatform({ name: 'X', code: 'nowhere' })).rejects.toMatchObject({ code: ErrorCode.UNKNOWN_EXCHANGE_ID, params: { id: 'nowhere' } });
    await expect(service.addPlatform({ name: 'X', code: 'mexc', sandbox: true })).rejects.toMatchObject({ code: ErrorCode.SANDBOX_UNAVAILABLE, params: { platform: 'mexc' } });
    await expect(service.addPlatform({ name: 'Again', code: 'binance' })).rejects.toMatchObject({ code: ErrorCode.PLATFORM_ALREADY_EXISTS, params: { platform: 'binance' } });
    expect(fake.tables.platforms).toHaveLength(2);
  });
});

describe('PairAdminService.reopenSimMarkets', () => {
  it('asks the simulator for every simulator pair of the coins table, and no live one', async () => {
    await fake.repos.coins.insertMissing(simId, ['LOST/USDT']);
    await fake.repos.coins.insertMissing(binanceId, ['LIVE/USDT']);
    expect(await service.reopenSimMarkets()).toEqual([]);
    expect([...simMarkets]).toEqual(['BTC/USDT', 'LOST/USDT']);
  });
});
