import { ErrorCode, MAIN_ACCOUNT, RESTRICTED_ACCOUNT } from '@makerdesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminRow } from '../domain/account.ts';
import type { CoinRow } from '../repositories/coin.repository.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { CoinService } from './coin.service.ts';
import { TradingLogService } from './trading-log.service.ts';

let fake: InMemoryRepositories;
let clock: number;
let service: TradingLogService;
let main: AdminRow;
let sub: AdminRow;
let btc: CoinRow;
let eth: CoinRow;

beforeEach(async () => {
  clock = 1_800_000_000_000;
  fake = createInMemoryRepositories(() => new Date(clock));
  const coins = new CoinService(fake.repos, () => clock);
  service = new TradingLogService(fake.repos, coins);
  await fake.repos.platforms.insertMissing([{ code: 'sim', name: 'Sim' }]);
  await fake.repos.coins.insertMissing((await fake.repos.platforms.findByCode('sim'))!.id, ['BTC/USDT', 'ETH/USDT']);
  [btc, eth] = (await fake.repos.coins.listAll()) as [CoinRow, CoinRow];
  main = (await fake.repos.admins.insert({ account: 'main@desk.io', passwordHash: 'h', role: 'operator', employeeName: 'M', mainAccountId: MAIN_ACCOUNT }))!;
  sub = (await fake.repos.admins.insert({ account: 'sub@desk.io', passwordHash: 'h', role: 'trader', employeeName: 'S', mainAccountId: RESTRICTED_ACCOUNT }))!;
  for (let i = 1; i <= 5; i++) {
    clock += 1_000;
    await fake.repos.tradingLogs.append({ coinId: btc.id, adminId: main.id, robotId: i % 2 ? 7 : null, level: i === 5 ? 'error' : 'info', message: `btc ${i}` });
    await fake.repos.tradingLogs.append({ coinId: eth.id, adminId: main.id, robotId: null, level: 'warn', message: `eth ${i}` });
  }
});

describe('TradingLogService', () => {
  it('lists one pair’s logs newest first, a page at a time, with the total', async () => {
    const first = await service.list(main, { coinId: btc.id, current: 1, pageSize: 2 });
    expect(first).toEqual({
      list: [
        { id: expect.any(Number), coinId: btc.id, robotId: 7, level: 'error', message: 'btc 5', createdAt: 1_800_000_005_000 },
        { id: expect.any(Number), coinId: btc.id, robotId: null, level: 'info', message: 'btc 4', createdAt: 1_800_000_004_000 },
      ],
      total: 5,
      current: 1,
      pageSize: 2,
    });
    const last = await service.list(main, { coinId: btc.id, current: 3, pageSize: 2 });
    expect(last.list.map((l) => l.message)).toEqual(['btc 1']);
    expect((await service.list(main, { coinId: btc.id, current: 4, pageSize: 2 })).list).toEqual([]);
  });

  it('goes through the pair gate first: a restricted account reads only its bound pairs, and only its own entries there', async () => {
    await expect(service.list(sub, { coinId: btc.id, current: 1, pageSize: 20 })).rejects.toEqual(expect.objectContaining({ code: ErrorCode.FORBIDDEN }));
    await fake.repos.coins.bind(sub.id, eth.id);
    expect(await service.list(sub, { coinId: eth.id, current: 1, pageSize: 20 })).toEqual({ list: [], total: 0, current: 1, pageSize: 20 });
    await fake.repos.tradingLogs.append({ coinId: eth.id, adminId: sub.id, robotId: 9, level: 'info', message: 'sub eth' });
    expect((await service.list(sub, { coinId: eth.id, current: 1, pageSize: 20 })).list.map((l) => l.message)).toEqual(['sub eth']);
    expect((await service.list(sub, { coinId: eth.id, current: 1, pageSize: 20, robotId: 7 })).list).toEqual([]);
    // The main account, which manages the accounts, reads the whole pair's log.
    expect((await service.list(main, { coinId: eth.id, current: 1, pageSize: 20 })).list.map((l) => l.message)).toEqual(['sub eth', 'eth 5', 'eth 4', 'eth 3', 'eth 2', 'eth 1']);
    await expect(service.list(main, { coinId: 999, current: 1, pageSize: 20 })).rejects.toEqual(expect.objectContaining({ code: ErrorCode.PAIR_NOT_FOUND }));
  });
});

describe('TradingLogService filters', () => {
  it('narrows by bot, level and a time window (from inclusive, to exclusive), the total counting the narrowed list', async () => {
    const byBot = await service.list(main, { coinId: btc.id, current: 1, pageSize: 20, robotId: 7 });
    expect(byBot.list.map((l) => l.message)).toEqual(['btc 5', 'btc 3', 'btc 1']);
    expect(byBot.total).toBe(3);
    expect((await service.list(main, { coinId: btc.id, current: 1, pageSize: 20, level: 'error' })).list.map((l) => l.message)).toEqual(['btc 5']);
    const window = await service.list(main, { coinId: btc.id, current: 1, pageSize: 20, from: 1_800_000_002_000, to: 1_800_000_004_000 });
    expect(window.list.map((l) => l.message)).toEqual(['btc 3', 'btc 2']);
    expect((await service.list(main, { coinId: btc.id, current: 1, pageSize: 20, robotId: 7, level: 'info', from: 1_800_000_002_000 })).list.map((l) => l.message)).toEqual(['btc 3']);
  });
});
