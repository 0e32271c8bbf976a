import { ErrorCode, MAIN_ACCOUNT, riskControlTypeKeys, robotTypes, type RobotTypeKey, EMPTY_LIVE_FIGURES } from '@makerdesk/contract';
import type { Exchange } from '@makerdesk/exchange';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminRow } from '../domain/account.ts';
import type { CoinRow } from '../repositories/coin.repository.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { CoinService } from './coin.service.ts';
import { fallbackPair, RobotService } from './robot.service.ts';

/** Risk-control bots place no orders: DESIGN §8 lets them run on live venues. */
const NOW = Date.UTC(2030, 0, 1, 12);
let fake: InMemoryRepositories;
let main: AdminRow;
let btc: CoinRow;
let applied: number[];

function service(): RobotService {
  const exchange = { fetchTicker: async () => ({ bid: '99', ask: '101', last: '100' }), loadMarkets: async () => [] } as unknown as Exchange;
  return new RobotService(
    fake.repos,
    new CoinService(fake.repos, () => NOW),
    { materialFor: async () => ({ id: 11, platformCode: 'binance', apiKey: 'k', secretKey: 's', passphrase: null, hosts: [] }) },
    { session: async (m) => ({ exchange, budgetKey: m.platformCode, simulated: false }) },
    { apply: async (id) => void applied.push(id), runtime: () => ({ ...EMPTY_LIVE_FIGURES, activity: 'idle', lastTickAt: null, nextTickAt: null, consecutiveFailures: 0, throttledUntil: null, openOrders: 0 }) },
    () => NOW,
  );
}

const request = (type: RobotTypeKey, config?: Record<string, unknown>) => ({
  coinId: btc.id,
  type,
  config: config ?? (robotTypes[type].defaults(fallbackPair('BTC/USDT', '100'), NOW) as Record<string, unknown>),
  status: 'running' as const,
  startMode: 'now' as const,
  priceMode: 'normal' as const,
});

beforeEach(async () => {
  fake = createInMemoryRepositories(() => new Date(NOW));
  await fake.repos.platforms.insertMissing([{ code: 'binance', name: 'Binance' }]);
  await fake.repos.coins.insertMissing((await fake.repos.platforms.findByCode('binance'))!.id, ['BTC/USDT']);
  [btc] = (await fake.repos.coins.listAll()) as [CoinRow];
  main = (await fake.repos.admins.insert({ account: 'main@desk.io', passwordHash: 'h', role: 'operator', employeeName: 'M', mainAccountId: MAIN_ACCOUNT }))!;
  applied = [];
});

describe('RobotService and the risk-control types', () => {
  it('saves and starts each of the four monitors on a live-venue key', async () => {
    for (const type of riskControlTypeKeys) expect(await service().update(main, request(type)), type).toEqual({ id: expect.any(Number) });
    expect(fake.tables.robots.map((r) => [r.type, r.status, r.credentialId])).toEqual(riskControlTypeKeys.map((type) => [type, 'running', 11]));
    expect(applied).toHaveLength(4);
  });

  it('refuses a config without any rule, naming the fields, and saves nothing', async () => {
    await expect(service().update(main, request('emergency_stop', { intervalSec: 10 }))).rejects.toMatchObject({
      code: ErrorCode.INVALID_ROBOT_CONFIG,
      fields: [
        { field: 'config.maxDrawdown', message: 'Set at least one rule' },
        { field: 'config.lowerBound', message: 'Set at least one rule' },
        { field: 'config.upperBound', message: 'Set at least one rule' },
      ],
    });
    expect(fake.tables.robots).toEqual([]);
  });
});
