import { MAIN_ACCOUNT, renderServerText, type ServerText } from '@makerdesk/contract';
import type { EmergencyStopRequest, EmergencyStopResult } from '@makerdesk/engine';
import { ExchangeError } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { AdminRow } from '../domain/account.ts';
import { EmergencyStopService } from './emergency-stop.service.ts';

const PAIR = { coinId: 5, coinName: 'BTC/USDT' };
const main = { id: 1, account: 'admin@desk.io', mainAccountId: MAIN_ACCOUNT } as AdminRow;

/** The service over fakes: a pair, no bots (or those given), and a venue session that `session` opens. */
function service(session: () => Promise<unknown>, bots: { id: number; status: string }[] = []) {
  const asked: EmergencyStopRequest[] = [];
  const engine = {
    emergencyStop: async (request: EmergencyStopRequest): Promise<EmergencyStopResult> => {
      asked.push(request);
      return { robotsStopped: request.robots.map((r) => r.id), ordersCancelled: 0, ordersFilled: 0, failed: [], elapsedMs: 0 };
    },
  };
  const repos = {
    coins: { findById: async (id: number) => (id === PAIR.coinId ? PAIR : null), isBound: async () => true },
    robots: { listOnPair: async () => [], listOwnedBy: async () => bots },
    robotJournal: { liveCounts: async () => new Map<number, number>() },
    tradingLogs: { append: async () => undefined },
  };
  const svc = new EmergencyStopService(
    repos as never,
    { materialFor: async () => ({ platformCode: 'binance' }) } as never,
    { session } as never,
    engine,
  );
  return { svc, asked };
}

describe('EmergencyStopService texts', () => {
  it("says manual orders could not be read in the caller's language, quoting only the venue's own short words", async () => {
    const refused = new ExchangeError('invalid_key', 'binance GET https://api.binance.com/api/v3/openOrders 401 {"code":-2015,"msg":"Invalid API-key, IP, or permissions for action."}', { ccxt: 'AuthenticationError' });
    const { svc } = service(async () => Promise.reject(refused));
    const zh = await svc.stopFor(main, PAIR.coinId, false, 'zh_CN');
    expect(zh.failed).toEqual([{ robotId: null, clientOrderId: null, orderNo: null, kind: 'no_venue', message: '无法读取手动订单：Invalid API-key, IP, or permissions for action.' }]);
    const en = await svc.stopFor(main, PAIR.coinId, false, 'en_US');
    expect(en.failed[0]!.message).toBe('manual orders could not be read: Invalid API-key, IP, or permissions for action.');
    expect(JSON.stringify(en)).not.toContain('api.binance.com');
  });

  it("stops a deleted or suspended account's bots with a stop reason every reader reads in their language", async () => {
    const { svc, asked } = service(async () => ({}), [{ id: 3, status: 'running' }]);
    const reason: ServerText = { key: 'bots.stopReason.accountDeleted', params: { account: 'admin@desk.io' } };
    expect(await svc.stopAccount(9, reason)).toEqual([3]);
    expect(asked[0]).toMatchObject({ reason: 'account deleted by admin@desk.io', reasonText: reason });
    expect(renderServerText(asked[0]!.reasonText!, 'zh_CN')).toBe('账户已被 admin@desk.io 删除');
  });
});
