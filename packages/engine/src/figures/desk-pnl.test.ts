import { abs, add, compare, minus } from '@makerdesk/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dailyBars, equityCurve, feeValueInQuote, pnlWindowStart, replayPosition, sumParts, sumVsHold, windowPnl, type PnlFill } from './desk-pnl.ts';
import { FLAT } from './position-ledger.ts';

const close = (a: string, b: string) => compare(abs(minus(a, b)), '0.000000000001') <= 0;
const fill = (at: number, side: 'buy' | 'sell', price: string, amount: string, feeQuote: string): PnlFill => ({ at, side, price, amount, feeQuote });

describe('desk P&L (DESK.md)', () => {
  it('hand-worked window: realised + unrealised − fees = total, and the desk total is the sum of its bot and its manual trading', () => {
    // A bot held 2 BTC at 100 before the window; the mid was 105 then and is 108 now.
    // Sell 1 at 110 (fee 0.11 USDT): realised (110 − 100)·1 = 10, 1 left at 100.
    // Buy 1 at 104 (fee 0.104 USDT): avg (100·1 + 104·1) / 2 = 102, 2 held.
    // Unrealised: at the start (105 − 100)·2 = 10, at the end (108 − 102)·2 = 12: change 2.
    const bot = windowPnl({ start: { base: '2', avgCost: '100' }, midStart: '105', midEnd: '108', fills: [fill(1, 'sell', '110', '1', '0.11'), fill(2, 'buy', '104', '1', '0.104')] });
    expect(bot).toMatchObject({ realised: '10', unrealisedStart: '10', unrealisedEnd: '12', unrealised: '2', fees: '0.214', total: '11.786', end: { base: '2', avgCost: '102' } });
    // Against holding: the base is back to 2, the quote +6; the starting 2 BTC's move (105 → 108) is not trading's.
    expect(bot.vsHold).toBe('5.786');

    // By hand: buy 0.5 at 106 with a fee of 0.001 BNB while BNB/USDT was 600: 0.6 USDT, not 0.
    const bnbFee = feeValueInQuote({ amount: '0.001', asset: 'BNB' }, { base: 'BTC', quote: 'USDT' }, '106', '600');
    expect(bnbFee).toBe('0.6');
    const manual = windowPnl({ start: FLAT, midStart: '105', midEnd: '108', fills: [fill(3, 'buy', '106', '0.5', bnbFee as string)] });
    expect(manual).toMatchObject({ realised: '0', unrealised: '1', fees: '0.6', total: '0.4', vsHold: '0.4' });

    const desk = sumParts([bot, manual]);
    expect(desk).toEqual({ realised: '10', unrealised: '3', fees: '0.814', total: '12.186' });
    expect(add(minus(add(desk.realised, desk.unrealised), desk.fees), '0')).toBe(desk.total);
    expect(sumVsHold([bot, manual])).toBe('6.186');
  });

  it('fees: quote as is, base at the fill price, a third asset at its price then, unknown when that price is', () => {
    const pair = { base: 'BTC', quote: 'USDT' };
    expect(feeValueInQuote({ amount: '0.5', asset: 'USDT' }, pair, '100', null)).toBe('0.5');
    expect(feeValueInQuote({ amount: '0.001', asset: 'BTC' }, pair, '64000', null)).toBe('64');
    expect(feeValueInQuote({ amount: '0.01', asset: 'BNB' }, pair, '64000', '610.5')).toBe('6.105');
    expect(feeValueInQuote({ amount: '0.01', asset: 'BNB' }, pair, '64000', null)).toBeNull();
    expect(feeValueInQuote({ amount: '-0.2', asset: 'USDT' }, pair, '100', null)).toBe('-0.2');
  });

  it('windows: the last hour rolling, today since 00:00 UTC, 7 days rolling, since start', () => {
    const now = Date.UTC(2026, 10, 27, 4, 30, 15);
    expect(pnlWindowStart('1h', now)).toBe(now - 3_600_000);
    expect(pnlWindowStart('today', now)).toBe(Date.UTC(2026, 10, 27));
    expect(pnlWindowStart('7d', now)).toBe(now - 7 * 86_400_000);
    expect(pnlWindowStart('all', now)).toBe(0);
  });

  it('equity curve and daily bars: cumulative total at each mid, bars are its daily changes', () => {
    const day = 86_400_000;
    const fills = [fill(10, 'buy', '100', '1', '0.1'), fill(day + 10, 'sell', '110', '1', '0.11')];
    const curve = equityCurve(fills, [
      { at: 20, mid: '102' },
      { at: day + 20, mid: '111' },
    ]);
    expect(curve).toEqual([
      { at: 20, total: '1.9' },
      { at: day + 20, total: '9.79' },
    ]);
    expect(dailyBars(curve)).toEqual([
      { day: 0, total: '1.9' },
      { day, total: '7.89' },
    ]);
  });

  const fills = fc.array(
    fc.record({
      side: fc.constantFrom('buy' as const, 'sell' as const),
      price: fc.integer({ min: 1, max: 2000 }).map(String),
      amount: fc.integer({ min: 1, max: 50 }).map((n) => String(n / 10)),
      feeQuote: fc.integer({ min: -5, max: 50 }).map((n) => String(n / 100)),
    }),
    { maxLength: 30 },
  );
  const price = fc.integer({ min: 1, max: 2000 }).map(String);

  it('property: the parts add up to the total in every window', () => {
    fc.assert(
      fc.property(fills, fills, price, price, (before, inside, midStart, midEnd) => {
        const start = replayPosition(before);
        const p = windowPnl({ start, midStart, midEnd, fills: inside.map((f, i) => ({ ...f, at: i })) });
        expect(compare(p.total, minus(add(p.realised, p.unrealised), p.fees))).toBe(0);
      }),
    );
  });

  it('property: two adjacent windows add up to the window they make; since start, the total is the P&L against holding', () => {
    fc.assert(
      fc.property(fills, fills, price, price, (first, second, midBetween, midEnd) => {
        const a = first.map((f, i) => ({ ...f, at: i }));
        const b = second.map((f, i) => ({ ...f, at: 100 + i }));
        const whole = windowPnl({ start: FLAT, midStart: '1', midEnd, fills: [...a, ...b] });
        const one = windowPnl({ start: FLAT, midStart: '1', midEnd: midBetween, fills: a });
        const two = windowPnl({ start: one.end, midStart: midBetween, midEnd, fills: b });
        // The average cost keeps 18 decimals (AVG_COST_DECIMALS): its rounding may show far below any price step.
        expect(close(add(one.total, two.total), whole.total)).toBe(true);
        expect(close(add(one.realised, two.realised), whole.realised)).toBe(true);
        expect(close(whole.total, whole.vsHold)).toBe(true);
      }),
    );
  });
});
