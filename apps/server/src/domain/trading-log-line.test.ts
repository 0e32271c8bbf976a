import { renderServerText, text, verbatim } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { renderStoredLine, storedLine, VERBATIM_MESSAGE_MAX } from './trading-log-line.ts';

describe('a trading-log line as a row stores it', () => {
  const lines = [
    text('bots.requote.many', { orders: 36, move: '+0.12 %', reason: '@bots.reason.midMoved', ticks: 9 }),
    text('bots.requote.one', { orders: 4, reason: '@bots.reason.fills', fills: 1 }),
    text('bots.fill', { side: '@bots.side.buy', amount: '0.0123 BTC', price: '65,432.10 USDT', fee: '0.80490000 USDT' }),
    text('bots.tickFailed', { failures: 3, error: 'HTTP 502' }),
    // Numbers whose strings are not digits alone render the same too.
    text('bots.cancelLate', { orders: 0.1 + 0.2 }),
    text('bots.cancelLate', { orders: 1e21 }),
  ];

  it('a server text: its key and params only (numbers as the strings they render as), and it renders as the text did in both languages', () => {
    for (const line of lines) {
      const row = storedLine(line);
      expect(row.message).toBeNull();
      expect(row.textKey).toBe(line.key);
      expect(Object.values(row.textParams ?? {}).every((v) => typeof v === 'string')).toBe(true);
      for (const lang of ['en_US', 'zh_CN'] as const) expect(renderStoredLine(row, lang)).toBe(renderServerText(line, lang));
    }
    expect(storedLine(lines[0]!).textParams).toEqual({ orders: '36', move: '+0.12 %', reason: '@bots.reason.midMoved', ticks: '9' });
    expect(renderStoredLine(storedLine(lines[4]!), 'en_US')).toContain('0.30000000000000004');
  });

  it('a verbatim text keeps its words (up to the limit) and no key; a row before keys shows its message', () => {
    expect(storedLine(verbatim('Account has insufficient balance'))).toEqual({ message: 'Account has insufficient balance', textKey: null, textParams: null });
    expect(storedLine(verbatim('x'.repeat(3000))).message).toHaveLength(VERBATIM_MESSAGE_MAX);
    expect(renderStoredLine({ message: 'L = 153.55876949', textKey: null, textParams: null }, 'zh_CN')).toBe('L = 153.55876949');
    // A row of 0016 to 0026: the English beside the key, numbers as numbers; it renders from the key.
    expect(renderStoredLine({ message: 'Requoted 4 orders: 1 fill(s)', textKey: 'bots.requote.one', textParams: { orders: 4, reason: '@bots.reason.fills', fills: 1 } }, 'zh_CN')).toBe(renderServerText(lines[1]!, 'zh_CN'));
  });
});
