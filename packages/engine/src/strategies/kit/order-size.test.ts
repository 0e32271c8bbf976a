import { describe, expect, it } from 'vitest';
import { ownOrder, rules } from '../liquidity.fixture.ts';
import { capByBalance, meetsMinimums, venueMinimum } from './order-size.ts';
import type { DesiredOrder } from './sync-slots.ts';

const bid = (tag: string, price: string, amount: string): DesiredOrder => ({ tag, side: 'buy', price, amount });
const ask = (tag: string, price: string, amount: string): DesiredOrder => ({ tag, side: 'sell', price, amount });
const funds = (base: string, quote: string) => ({ base: { available: base, total: base }, quote: { available: quote, total: quote } });

describe('order sizes', () => {
  it("the venue's minimum: its minimum amount or enough for its minimum value, rounded up", () => {
    expect(venueMinimum('100', rules)).toBe('0.01');
    expect(venueMinimum('30', rules)).toBe('0.04');
    expect(meetsMinimums('30', '0.03', rules)).toBe(false);
    expect(meetsMinimums('30', '0.04', rules)).toBe(true);
    expect(meetsMinimums('30', '0', { ...rules, minNotional: '0', minAmount: '0' })).toBe(false);
  });

  it('caps nearest first: cuts the order that meets the limit and drops the ones behind it', () => {
    const desired = [bid('bid-2', '98', '1'), bid('bid-1', '99', '1'), ask('ask-1', '101', '2'), ask('ask-2', '102', '2')];
    expect(capByBalance(desired, [], funds('3', '150'), rules)).toEqual([bid('bid-2', '98', '0.52'), bid('bid-1', '99', '1'), ask('ask-1', '101', '2'), ask('ask-2', '102', '1')]);
    expect(capByBalance(desired, [], funds('0', '0'), rules)).toEqual([]);
  });

  it("counts the bot's own open orders as funds for their replacements, not the ones in flight", () => {
    const own = [ownOrder('bid-1', 'buy', '100', '1', { filledAmount: '0.5' }), ownOrder('bid-9', 'buy', '100', '5', { state: 'unknown' })];
    expect(capByBalance([bid('bid-1', '99', '1')], own, funds('0', '0'), rules)).toEqual([bid('bid-1', '99', '0.5')]);
  });
});
