import { ErrorCode, MAIN_ACCOUNT, RESTRICTED_ACCOUNT } from '@makerdesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminRow } from '../domain/account.ts';
import type { CoinRow } from '../repositories/coin.repository.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { CoinService } from './coin.service.ts';

let fake: InMemoryRepositories;
let clock: number;
let service: CoinService;
let main: AdminRow;
let sub: AdminRow;
let btc: CoinRow;
let eth: CoinRow;

beforeEach(async () => {
  clock = 1_800_000_000_000;
  fake = createInMemoryRepositories(() => new Date(clock));
  service = new CoinService(fake.repos, () => clock);
  await fake.repos.platforms.insertMissing([
    { code: 'sim', name: 'MakerDesk Simulator' },
    { code: 'binance', name: 'Binance' },
  ]);
  const sim = (await fake.repos.platforms.findByCode('sim'))!;
  await fake.repos.coins.insertMissing(sim.id, ['BTC/USDT', 'ETH/USDT']);
  [btc, eth] = (await fake.repos.coins.listAll()) as [CoinRow, CoinRow];
  main = (await fake.repos.admins.insert({ account: 'main@desk.io', passwordHash: 'h', role: 'operator', employeeName: 'M', mainAccountId: MAIN_ACCOUNT }))!;
  sub = (await fake.repos.admins.insert({ account: 'sub@desk.io', passwordHash: 'h', role: 'trader', employeeName: 'S', mainAccountId: RESTRICTED_ACCOUNT }))!;
});

describe('CoinService', () => {
  it('the main account sees every pair, a restricted account only those bound to it', async () => {
    expect((await service.listFor(main)).map((c) => c.coinName)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(await service.listFor(sub)).toEqual([]);
    await service.bind(sub.id, eth.id);
    expect(await service.listFor(sub)).toEqual([{ coinId: eth.id, coinName: 'ETH/USDT', platformId: eth.platformId, marketKind: 'spot', endTimeStamp: null, status: 'enabled', priceBand: '0.05' }]);
  });

  it('lists platforms as id, name and code', async () => {
    expect((await service.platforms(main)).map(({ name, code }) => ({ name, code }))).toEqual([
      { name: 'MakerDesk Simulator', code: 'sim' },
      { name: 'Binance', code: 'binance' },
    ]);
  });

  it('shows a platform’s API base URL to the main account only', async () => {
    await fake.repos.platforms.insert({ name: 'Desk proxy', code: 'okx', sandbox: false, apiBaseUrl: 'https://proxy.desk.io/okx' });
    expect((await service.platforms(main)).find((p) => p.code === 'okx')).toEqual({ id: expect.any(Number), name: 'Desk proxy', code: 'okx', sandbox: false, apiBaseUrl: 'https://proxy.desk.io/okx', wsBaseUrl: null });
    const seen = await service.platforms(sub);
    expect(seen.find((p) => p.code === 'okx')).toEqual({ id: expect.any(Number), name: 'Desk proxy', code: 'okx', sandbox: false });
    expect(seen.every((p) => !('apiBaseUrl' in p) && !('wsBaseUrl' in p))).toBe(true);
  });

  it('binds once: binding again answers the first binding', async () => {
    const first = await service.bind(sub.id, btc.id);
    expect(first).toEqual({ id: first.id, adminId: sub.id, coinId: btc.id, coinName: 'BTC/USDT', createdAt: clock });
    clock += 5_000;
    expect(await service.bind(sub.id, btc.id)).toEqual(first);
    expect(await service.permissions(sub.id)).toEqual([first]);
    expect(await service.permissions(main.id)).toEqual([]);
  });

  it('refuses to bind an unknown account or pair', async () => {
    await expect(service.bind(999, btc.id)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.USER_NOT_FOUND }));
    await expect(service.bind(sub.id, 999)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.PAIR_NOT_FOUND }));
    expect(fake.tables.permissions).toEqual([]);
  });

  describe('the pair gate', () => {
    it('lets the main account use any enabled pair, and a restricted account its bound pairs only', async () => {
      expect((await service.requireUsablePair(main, btc.id)).coinName).toBe('BTC/USDT');
      await expect(service.requireUsablePair(sub, btc.id)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.FORBIDDEN }));
      await service.bind(sub.id, btc.id);
      expect((await service.requireUsablePair(sub, btc.id)).coinId).toBe(btc.id);
      await expect(service.requireUsablePair(main, 999)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.PAIR_NOT_FOUND }));
    });

    it('a disabled pair answers 3000401, one whose service ended 4000401, checked on the clock', async () => {
      btc.status = 'disabled';
      await expect(service.requireUsablePair(main, btc.id)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.PAIR_UNAVAILABLE }));
      eth.endTimeStamp = clock + 1_000;
      expect((await service.requireUsablePair(main, eth.id)).endTimeStamp).toBe(clock + 1_000);
      clock += 1_000;
      await expect(service.requireUsablePair(main, eth.id)).rejects.toEqual(expect.objectContaining({ code: ErrorCode.PAIR_EXPIRED }));
    });
  });
});
