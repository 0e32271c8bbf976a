/**
 * The soak's fleet, shared by the benches that run the whole server in one process with real bots
 * (soak.bench.ts, backup-bots.bench.ts): the simulator's background market started, one key a pair
 * on its four default pairs with enough of both sides for every bot to quote all day, the engine
 * started, and `bots` depth near bots with their defaults (the defaults the console's list gives),
 * spread over the pairs in turn, switched on as a person does it through the API.
 */
import type { TestApp } from '../apps/server/src/testing/test-app.ts';
import { importKey } from '../apps/server/src/testing/accounts.ts';

/** The simulator's four default pairs: coin ids 1..4 on platform 1. */
export const SIM_COINS = [1, 2, 3, 4] as const;
export const SIM_ASSETS = ['BTC', 'ETH', 'SOL', 'MDK'] as const;

export async function ok<T>(t: TestApp, method: 'GET' | 'PUT', url: string, token: string, body?: unknown): Promise<T> {
  const res = await t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.body.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body.data as T;
}

/**
 * Starts the market, the keys, the engine and the bots; answers the admin's token. The caller
 * stops the venue (`t.services.sim.localHost.venue.stop()`) before it closes the app.
 */
export async function startSimFleet(t: TestApp, bots: number, keyPrefix = 'soak-key'): Promise<{ token: string }> {
  const venue = t.services.sim.localHost.venue;
  const token = await t.login();
  for (let i = 0; i < 20; i++) venue.step();
  venue.start();
  for (const [i, coinId] of SIM_COINS.entries()) {
    const key = `${keyPrefix}-${coinId}`;
    await importKey(t, token, { coinId, apiKey: key });
    await venue.deposit(key, 'USDT', '100000000');
    await venue.deposit(key, SIM_ASSETS[i] as string, '1000000');
  }
  await t.services.engine.start();
  for (let i = 0; i < bots; i++) {
    const coinId = SIM_COINS[i % SIM_COINS.length] as number;
    const list = await ok<{ type: string; defaults: Record<string, unknown> }[]>(t, 'GET', `/backend/robot/init/list?coinId=${coinId}`, token);
    const config = list.find((item) => item.type === 'depth_near')!.defaults;
    await ok(t, 'PUT', '/backend/robot/update', token, { coinId, type: 'depth_near', config, status: 'running', startMode: 'now', priceMode: 'safe', confirmExposure: true });
  }
  return { token };
}
