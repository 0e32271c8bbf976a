import { emergencyStopConfig, monitorBalanceConfig, monitorPriceConfig, renderServerText } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { place } from '../intents.ts';
import type { AlertRequest, PairBotFigures, PairStopRequest } from '../ports.ts';
import type { AnyStrategy } from '../strategy.ts';
import { strategyRegistry } from '../strategies/registry.ts';
import { SimHarness } from '../testing/sim-harness.ts';
import { testRobotRecord } from '../testing/test-strategies.ts';
import { monitorPriceStrategy } from './monitor-price.strategy.ts';

/** The monitors inside the real engine over the simulator: what they read, what the runtime does with their intents. */

const priceMonitor = (over: Record<string, unknown> = {}) =>
  testRobotRecord(7, { type: 'monitor_price', config: monitorPriceConfig.parse({ upperBound: '1', windowMinutes: 15, action: 'alert', recoveryMargin: '0', intervalSec: 5, ...over }) });
const guard = (over: Record<string, unknown> = {}) => testRobotRecord(9, { type: 'emergency_stop', config: emergencyStopConfig.parse({ maxDrawdown: '50', intervalSec: 10, ...over }), startedAt: 1 });
const figures = (totalPnl: string): PairBotFigures => ({ id: 1, type: 'depth_near', status: 'running', trades: 3, baseVolume: '1', quoteVolume: '100', fees: '0.1', realizedPnl: '0', unrealizedPnl: totalPnl, totalPnl });

describe('monitors in the engine', () => {
  it('a price monitor with a tight bound alerts once: a trading-log line and the alert port; it reads one book a tick and nothing else', async () => {
    const raised: AlertRequest[] = [];
    const h = new SimHarness(strategyRegistry, [priceMonitor()], { ports: { alerts: { raise: async (a) => void raised.push(a) } } });
    await h.engine.start();
    await h.clock.advance(0);
    await h.clock.advance(30_000);
    const lines = h.logs.of(7).map((e) => `${e.level} ${e.message}`);
    expect(lines[0]).toBe('info Started: watching (this bot places no orders)');
    expect(lines.filter((l) => l.includes('price alert'))).toEqual([expect.stringMatching(/^warn ETH\/USDT price alert: The price [\d,]+\.\d+ USDT is above the upper bound 1\.0+ USDT\.$/)]);
    // The trading-log line reads in Chinese too.
    const zh = h.logs.of(7).map((e) => renderServerText(e.text, 'zh_CN'));
    expect(zh.filter((l) => l.includes('价格告警'))).toEqual([expect.stringMatching(/^ETH\/USDT 价格告警：价格 [\d,]+\.\d+ USDT 高于上限 1\.0+ USDT。$/)]);
    expect(raised).toEqual([
      {
        adminId: 1,
        coinId: 2,
        robotId: 7,
        level: 'warn',
        title: 'ETH/USDT price alert',
        text: expect.stringMatching(/^The price [\d,]+\.\d+ USDT is above the upper bound 1\.0+ USDT\.$/),
        message: { title: { key: 'monitor.price.alertTitle', params: { pair: 'ETH/USDT' } }, text: expect.objectContaining({ key: 'monitor.price.alertText' }) },
        at: expect.any(Number),
      },
    ]);
    expect(renderServerText(raised[0]!.message!.text, 'zh_CN')).toMatch(/^价格 [\d,]+\.\d+ USDT 高于上限 1\.0+ USDT。$/);
    const venue = h.key('mm');
    const ticks = h.observed.ticks.filter(([id]) => id === 7).length;
    expect(ticks).toBe(7); // at 0 s, then every 5 s
    expect(venue.count('fetchOrderBook')).toBe(ticks);
    for (const call of ['fetchBalances', 'fetchOpenOrders', 'placeOrder', 'cancelOrder', 'fetchOrderByClientId'] as const) expect(venue.count(call), call).toBe(0);
    expect(h.engine.runtime(7)).toMatchObject({ activity: 'active', openOrders: 0, consecutiveFailures: 0 });
    // Switched off: nothing to cancel, no venue call for it.
    h.store.robots.get(7)!.status = 'stopped';
    await h.engine.apply(7);
    expect(venue.count('fetchOpenOrders')).toBe(0);
  });

  it('a balance monitor reads the balances only; a failed channel delivery is logged and the tick goes on', async () => {
    const config = monitorBalanceConfig.parse({ thresholds: [{ asset: 'quote', above: '1' }], balanceKind: 'total', recoveryMargin: '0', intervalSec: 60 });
    const h = new SimHarness(strategyRegistry, [testRobotRecord(3, { type: 'monitor_balance', config })], {
      ports: { alerts: { raise: async () => Promise.reject(new Error('telegram said 429')) } },
    });
    await h.engine.start();
    await h.clock.advance(0);
    await h.clock.advance(60_000);
    expect(h.logs.of(3).map((e) => `${e.level} ${e.message}`).slice(1)).toEqual([
      expect.stringMatching(/^warn USDT balance above 1\.0+ USDT: Total USDT balance [\d,]+\.\d+ USDT is above 1\.0+ USDT \(ETH\/USDT\)\.$/),
      expect.stringMatching(/^warn the alert "USDT balance above 1\.0+ USDT" could not be delivered to the account's channels: telegram said 429$/),
    ]);
    expect(h.logs.of(3).map((e) => renderServerText(e.text, 'zh_CN')).slice(1)).toEqual([
      expect.stringMatching(/^USDT 余额高于 1\.0+ USDT：USDT 总余额 [\d,]+\.\d+ USDT 高于 1\.0+ USDT（ETH\/USDT）。$/),
      expect.stringMatching(/^告警“USDT 余额高于 1\.0+ USDT”未能发送到账户的通知渠道：telegram said 429$/),
    ]);
    expect([h.key('mm').count('fetchBalances'), h.key('mm').count('fetchOrderBook')]).toEqual([2, 0]);
    expect(h.engine.runtime(3).consecutiveFailures).toBe(0);
  });

  it('an emergency stop guard fires the pair stop once through the pair guard port, then stops itself with the reason', async () => {
    const pnl = ['10', '60', '20', '5'];
    const reads: { mid: string | null }[] = [];
    const stops: PairStopRequest[] = [];
    let refuse = 1;
    const h = new SimHarness(strategyRegistry, [guard()], {
      ports: {
        pairFigures: { read: async (q) => (reads.push({ mid: q.mid }), [figures(pnl[Math.min(reads.length - 1, pnl.length - 1)]!)]) },
        pairGuard: {
          emergencyStop: async (request) => {
            stops.push(request);
            if (refuse-- > 0) throw new Error('database down');
            return { stopped: [1, 2, 3] };
          },
        },
      },
    });
    await h.engine.start();
    await h.clock.advance(0);
    await h.clock.advance(60_000);
    expect(reads.every((r) => r.mid !== null)).toBe(true);
    // Peak 60, then 20 → drawdown 40 (under 50), then 5 → 55: fires. The first try fails (the tick
    // fails, the state is not kept), the next tick fires again and goes through.
    expect(stops.map((s) => [s.robotId, s.adminId, s.coinId])).toEqual([
      [9, 1, 2],
      [9, 1, 2],
    ]);
    expect(stops[1]!.reason).toBe("drawdown 55.00 USDT of the pair's bots (total P&L 5.00 USDT from a peak of 60.00 USDT) passed the limit 50.00 USDT");
    expect(renderServerText(stops[1]!.reasonText!, 'zh_CN')).toBe('该交易对机器人的回撤 55.00 USDT（总盈亏从峰值 60.00 USDT 降至 5.00 USDT）超过上限 50.00 USDT');
    const lines = h.logs.of(9).map((e) => `${e.level} ${e.message}`);
    expect(lines).toContain('warn Tick failed (1 in a row): the emergency stop of the pair failed: database down');
    expect(lines).toContain(`error Emergency stop of ETH/USDT (${stops[1]!.reason}): 3 bot(s) stopped and their orders cancelled: #1, #2, #3`);
    expect(h.store.robots.get(9)!.status).toBe('stopped');
    expect(h.store.stopReasons.get(9)).toBe(`emergency stop fired: ${stops[1]!.reason}`);
    expect(h.logs.of(9).map((e) => renderServerText(e.text, 'zh_CN'))).toContain(
      'ETH/USDT 紧急停止（该交易对机器人的回撤 55.00 USDT（总盈亏从峰值 60.00 USDT 降至 5.00 USDT）超过上限 50.00 USDT）：已停止 3 个机器人并撤销其订单：#1, #2, #3',
    );
    expect(h.engine.runtime(9).activity).toBe('idle');
  });

  it('without a pair guard an emergency stop fails the tick (it never passes silently)', async () => {
    const h = new SimHarness(strategyRegistry, [guard({ maxDrawdown: undefined, lowerBound: '1000000' })]);
    await h.engine.start();
    await h.clock.advance(0);
    expect(h.logs.of(9).map((e) => e.message)).toEqual(expect.arrayContaining([expect.stringMatching(/^Tick failed \(1 in a row\): emergency stop \(price 3,200\.0+ USDT below the lower bound 1,000,000\.0+ USDT\) is not available in this engine$/)]));
    expect(h.store.robots.get(9)!.status).toBe('running');
  });

  it('order intents of a watcher are ignored, said once', async () => {
    const rogue: AnyStrategy = { ...monitorPriceStrategy, decide: (input) => ({ ...monitorPriceStrategy.decide(input), intents: [place({ tag: 'x', side: 'buy', price: '1', amount: '1' })] }) };
    const h = new SimHarness(() => rogue, [priceMonitor({ upperBound: undefined, movePercent: '50' })]);
    await h.engine.start();
    await h.clock.advance(20_000);
    expect(h.logs.of(7).filter((e) => e.message.includes('ignored'))).toEqual([expect.objectContaining({ level: 'warn', message: 'place ignored: this bot type places no orders' })]);
    expect(h.key('mm').count('placeOrder', 'attempts')).toBe(0);
  });
});
