import { describe, expect, it } from 'vitest';
import type { Trade } from '../../exchange.ts';
import { mergeTrades } from './trade-tape.ts';

const trade = (id: string, timestamp: number): Trade => ({ id, symbol: 'BTC/USDT', price: '100', amount: '1', side: 'buy', timestamp });

describe('mergeTrades', () => {
  it('newest first, each id once, at most cap', () => {
    const tape = [trade('3', 30), trade('2', 20)];
    const incoming = [trade('2', 20), trade('4', 40), trade('5', 40), trade('1', 10)];
    expect(mergeTrades(tape, incoming, 10).map((t) => t.id)).toEqual(['5', '4', '3', '2', '1']);
    expect(mergeTrades(tape, incoming, 2).map((t) => t.id)).toEqual(['5', '4']);
  });
  it('orders numbered ids of the same millisecond by number', () => {
    expect(mergeTrades([], [trade('99', 5), trade('100', 5), trade('101', 5)], 10).map((t) => t.id)).toEqual(['101', '100', '99']);
  });
});
