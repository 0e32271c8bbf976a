import { renderServerText } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { RequoteSummariser, type TickActions } from './requote-summary.ts';

const tick = (a: Partial<TickActions>): TickActions => ({ places: 0, cancels: 0, replaces: 0, fills: 0, reference: '100', hadOrders: true, ...a });
const en = (t: Parameters<typeof renderServerText>[0] | null) => (t === null ? null : renderServerText(t, 'en_US'));
const zh = (t: Parameters<typeof renderServerText>[0] | null) => (t === null ? null : renderServerText(t, 'zh_CN'));

describe('requote summariser', () => {
  it('one line per tick, not one per order, with the reason: the mid moved', () => {
    const s = new RequoteSummariser({ minGapMs: 10_000, quoting: true });
    const first = s.tick(0, tick({ places: 4, hadOrders: false, reference: '100' }));
    expect(en(first.line)).toBe('Placed 4 orders: first orders of the run');
    expect(first.action?.kind).toBe('placed');
    const second = s.tick(20_000, tick({ replaces: 4, reference: '100.12' }));
    expect(en(second.line)).toBe('Requoted 4 order(s): mid moved +0.12 %');
    expect(zh(second.line)).toBe('重新挂单 4 笔：中间价变动 +0.12 %');
    expect(second.action).toEqual({ kind: 'requoted', reason: { key: 'bots.reason.midMoved', params: { move: '+0.12 %' } } });
  });

  it('a cancel and a placement in one tick are a requote; a follow bot names its reference', () => {
    const s = new RequoteSummariser({ quoting: true, follows: true });
    s.tick(0, tick({ reference: '200' }));
    const out = s.tick(1, tick({ places: 3, cancels: 3, reference: '199' }));
    expect(en(out.line)).toBe('Requoted 3 order(s): reference price moved -0.5 %');
  });

  it('a fast bot is rate-limited: ticks inside the gap fold into the next line, nothing is lost', () => {
    const s = new RequoteSummariser({ minGapMs: 10_000, quoting: true });
    expect(s.tick(0, tick({ replaces: 2, reference: '100' })).line).not.toBeNull();
    let lines = 0;
    for (let t = 1000; t < 10_000; t += 1000) {
      const out = s.tick(t, tick({ replaces: 4, reference: '101' }));
      expect(out.action?.kind).toBe('requoted');
      if (out.line) lines++;
    }
    expect(lines).toBe(0);
    const folded = s.tick(10_000, tick({ replaces: 4, reference: '101' }));
    expect(en(folded.line)).toBe('Requoted 40 order(s) over 10 ticks: mid moved +1 %');
    expect(zh(folded.line)).toBe('10 个周期内重新挂单 40 笔：中间价变动 +1 %');
  });

  it('a quoting bot writes one requote line a minute at most, each order counted once; a bot that does not quote one every 10 s', () => {
    const quoting = new RequoteSummariser({ quoting: true });
    const lines: string[] = [];
    // A tick every 5 s for 3 minutes, each requoting 4 orders as the mid climbs.
    for (let t = 0; t <= 180_000; t += 5000) {
      const out = quoting.tick(t, tick({ replaces: 4, reference: String(100 + t / 60_000) }));
      expect(out.action?.kind).toBe('requoted');
      if (out.line) lines.push(en(out.line)!);
    }
    expect(lines).toEqual([
      'Requoted 4 order(s): orders refreshed at an unchanged price (age, size or layout)',
      'Requoted 48 order(s) over 12 ticks: mid moved +1 %',
      'Requoted 48 order(s) over 12 ticks: mid moved +0.99 %',
      'Requoted 48 order(s) over 12 ticks: mid moved +0.98 %',
    ]);
    // Every tick's 4 orders are in a line: 37 ticks.
    expect(lines.reduce((n, line) => n + Number(/Requoted (\d+)/.exec(line)![1]), 0)).toBe(37 * 4);
    const rounds = new RequoteSummariser({ quoting: false });
    const roundLines = [0, 5000, 10_000, 15_000, 20_000].filter((t) => rounds.tick(t, tick({ places: 1 })).line !== null);
    expect(roundLines).toEqual([0, 10_000, 20_000]);
  });

  it('a quiet tick writes nothing, and fills or an unchanged price give their own reason', () => {
    const s = new RequoteSummariser({ minGapMs: 0, quoting: true });
    expect(s.tick(0, tick({}))).toEqual({ line: null, action: null });
    expect(en(s.tick(1, tick({ replaces: 1, fills: 2 })).line)).toBe('Requoted 1 order(s): 2 fill(s) changed the orders');
    expect(en(s.tick(2, tick({ replaces: 2 })).line)).toBe('Requoted 2 order(s): orders refreshed at an unchanged price (age, size or layout)');
    expect(en(s.tick(3, tick({ cancels: 2 })).line)).toBe('Cancelled 2 orders: orders refreshed at an unchanged price (age, size or layout)');
  });

  it("a bot that does not quote reports its strategy's rounds", () => {
    const s = new RequoteSummariser({ minGapMs: 0, quoting: false });
    expect(en(s.tick(0, tick({ places: 2 })).line)).toBe("Placed 2 orders: the strategy's round");
  });
});
