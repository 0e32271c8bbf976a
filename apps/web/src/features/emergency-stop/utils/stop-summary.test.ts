import type { EmergencyStopResponse } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { formatElapsed, stopSummary } from './stop-summary';

const base: EmergencyStopResponse = { robotsStopped: 3, robotIds: [1, 2, 3], ordersCancelled: 12, ordersFilled: 0, failed: [], manualCancelled: 0, manualOpenOrders: 0, elapsedMs: 318 };

describe('stopSummary', () => {
  it('says bots stopped, orders cancelled and the time; success when nothing failed', () => {
    expect(stopSummary(base, 'BTC/USDT')).toEqual({
      level: 'success',
      lines: [
        ['result.stopped', { count: 3, pair: 'BTC/USDT' }],
        ['result.cancelled', { count: 12, time: '0.32' }],
      ],
    });
  });

  it('adds fills, manual cancels and the failures by reason, most frequent first, and warns', () => {
    const failed: EmergencyStopResponse['failed'] = [
      { robotId: 1, clientOrderId: 'a', orderNo: '1', kind: 'rate_limited', message: '429' },
      { robotId: 1, clientOrderId: 'b', orderNo: '2', kind: 'no_answer', message: 'timeout' },
      { robotId: 2, clientOrderId: 'c', orderNo: '3', kind: 'no_answer', message: 'timeout' },
    ];
    const summary = stopSummary({ ...base, ordersFilled: 1, manualCancelled: 2, failed, elapsedMs: 15_400 }, 'ETH/USDT');
    expect(summary.level).toBe('warning');
    expect(summary.lines.slice(1)).toEqual([
      ['result.cancelled', { count: 12, time: '15' }],
      ['result.filled', { count: 1 }],
      ['result.manualCancelled', { count: 2 }],
      ['failure.no_answer', { count: 2 }],
      ['failure.rate_limited', { count: 1 }],
    ]);
  });

  it('formats the time in seconds', () => {
    expect(formatElapsed(0)).toBe('0.00');
    expect(formatElapsed(999)).toBe('1.00');
    expect(formatElapsed(12_345)).toBe('12');
  });
});
