import { ErrorCode, MAIN_ACCOUNT, RESTRICTED_ACCOUNT, robotTypes, type RobotTypeKey, EMPTY_LIVE_FIGURES } from '@makerdesk/contract';
import type { Exchange } from '@makerdesk/exchange';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminRow } from '../domain/account.ts';
import type { CoinRow } from '../repositories/coin.repository.ts';
import { createInMemoryRepositories, type InMemoryRepositories } from '../testing/in-memory-repositories.ts';
import { CoinService } from './coin.service.ts';
import type { ApiKeyMaterial } from '../domain/key-material.ts';
import { renderStoredLine } from '../domain/trading-log-line.ts';
import { fallbackPair, RobotService } from './robot.service.ts';

const NOW = Date.UTC(2030, 0, 1, 12);
let fake: InMemoryRepositories;
let main: AdminRow;
let sub: AdminRow;
let btc: CoinRow;
let keys: Map<number, ApiKeyMaterial>;
let applied: number[];

/** Depth far, marked simulation-only: no type is today, the rule must hold when one is. */
const types = { ...robotTypes, depth_far: { ...robotTypes.depth_far, simulationOnly: true } } as typeof robotTypes;

function service(): RobotService {
  const coins = new CoinService(fake.repos, () => NOW);
  const exchange = { fetchTicker: async () => ({ bid: '99', ask: '101', last: '100' }), loadMarkets: async () => [] } as unknown as Exchange;
  return new RobotService(
    fake.repos,
    coins,
    { materialFor: async (owner) => keys.get(owner.id) ?? null },
    { session: async (m) => ({ exchange, budgetKey: m.platformCode, simulated: m.platformCode === 'sim' }) },
    { apply: async (id) => void applied.push(id), runtime: () => ({ ...EMPTY_LIVE_FIGURES, activity: 'idle', lastTickAt: null, nextTickAt: null, consecutiveFailures: 0, throttledUntil: null, openOrders: 0 }) },
    () => NOW,
    types,
  );
}

const material = (id: number, platformCode: string): ApiKeyMaterial => ({ id, platformCode, apiKey: 'k', secretKey: 's', passphrase: null, hosts: [] });
const request = (type: RobotTypeKey) => ({ coinId: btc.id, type, config: robotTypes[type].defaults(fallbackPair('BTC/USDT', '100'), NOW) as Record<string, unknown>, status: 'running' as const, startMode: 'now' as const, priceMode: 'normal' as const });

beforeEach(async () => {
  fake = createInMemoryRepositories(() => new Date(NOW));
  await fake.repos.platforms.insertMissing([{ code: 'sim', name: 'Sim' }]);
  await fake.repos.coins.insertMissing((await fake.repos.platforms.findByCode('sim'))!.id, ['BTC/USDT']);
  [btc] = (await fake.repos.coins.listAll()) as [CoinRow];
  main = (await fake.repos.admins.insert({ account: 'main@desk.io', passwordHash: 'h', role: 'operator', employeeName: 'M', mainAccountId: MAIN_ACCOUNT }))!;
  sub = (await fake.repos.admins.insert({ account: 'sub@desk.io', passwordHash: 'h', role: 'trader', employeeName: 'S', mainAccountId: RESTRICTED_ACCOUNT }))!;
  await fake.repos.coins.bind(sub.id, btc.id);
  keys = new Map([
    [main.id, material(11, 'binance')],
    [sub.id, material(12, 'sim')],
  ]);
  applied = [];
});

describe('RobotService', () => {
  it('refuses a simulation-only type on a live key (DESIGN §8), saving nothing and telling the engine nothing', async () => {
    await expect(service().update(main, request('depth_far'))).rejects.toMatchObject({ code: ErrorCode.ROBOT_SIMULATION_ONLY, status: 400 });
    expect(fake.tables.robots).toEqual([]);
    expect(applied).toEqual([]);
    // A live type on a live key is fine; the same simulation-only type on a simulator key too.
    expect(await service().update(main, request('depth_near'))).toEqual({ id: expect.any(Number) });
    const { id } = await service().update(sub, request('depth_far'));
    expect(fake.tables.robots.map((r) => [r.id, r.adminId, r.type, r.credentialId, r.status])).toEqual([
      [expect.any(Number), main.id, 'depth_near', 11, 'running'],
      [id, sub.id, 'depth_far', 12, 'running'],
    ]);
    expect(applied).toHaveLength(2);
  });

  it('saves the parsed config (numbers become decimal strings), opens a run, logs, and answers figures with the ticker mid', async () => {
    const req = request('depth_near');
    const { id } = await service().update(main, { ...req, config: { ...req.config, orderAmountMin: 0.25 } });
    expect(fake.tables.robots[0]?.config.orderAmountMin).toBe('0.25');
    expect(fake.tables.robotRuns).toEqual([{ id: expect.any(Number), robotId: id, startedAt: new Date(NOW), stoppedAt: null }]);
    expect(fake.tables.tradingLogs.map((l) => renderStoredLine(l, 'en_US'))).toEqual([`Depth near bot #${id} created and switched on by main@desk.io`]);
    const [dto] = await service().list(main, btc.id);
    expect(dto?.figures.allTime).toMatchObject({ to: NOW, tradeCount: 0, unrealizedPnl: '0', pnlVsHold: '0', uptimeMs: 0 });
    expect(await service().list(sub, btc.id)).toEqual([]);
  });

  it('a changed type starts its state afresh; a switch-off closes the run with the reason', async () => {
    const { id } = await service().update(main, request('depth_near'));
    await fake.repos.robots.saveState(id, { slots: 3 });
    await service().update(main, { ...request('depth_spread'), id });
    expect(fake.tables.robots[0]).toMatchObject({ type: 'depth_spread', state: null });
    await service().update(main, { ...request('depth_spread'), id, status: 'stopped' });
    expect(fake.tables.robots[0]).toMatchObject({ status: 'stopped', stopReason: 'Stopped by main@desk.io' });
    expect(fake.tables.robotRuns.every((r) => r.stoppedAt !== null)).toBe(true);
    expect(applied).toEqual([id, id, id]);
  });

  it('a list of 100 bots reads its figures in bulk: one figures read and one runs read, not one per bot', async () => {
    for (let i = 0; i < 100; i++) {
      await fake.repos.robots.insert({ adminId: main.id, coinId: btc.id, credentialId: 11, type: 'depth_near', config: {}, status: 'running', stopReason: null, startMode: 'now', startAt: null, priceMode: 'normal', description: `#${i}`, startedAt: null });
    }
    const calls: string[] = [];
    const counted = <T extends object>(name: string, target: T): T =>
      new Proxy(target, { get: (obj, key) => (typeof obj[key as keyof T] === 'function' ? (...args: unknown[]) => (calls.push(`${name}.${String(key)}`), (obj[key as keyof T] as (...a: unknown[]) => unknown)(...args)) : obj[key as keyof T]) });
    fake.repos.robotJournal = counted('journal', fake.repos.robotJournal);
    fake.repos.robots = counted('robots', fake.repos.robots);
    const list = await service().list(main, btc.id);
    expect(list).toHaveLength(100);
    expect(calls.sort()).toEqual(['journal.figuresData', 'robots.listFor', 'robots.runsOf']);
  });
});
