import type { OrderSource } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import type { Order } from '@/market-data/types';
import { botsAmong, filterBySource, groupBySource, ownLevelKind, ownLevels, restingAmount, sourceKey } from './order-source';

const ladder: OrderSource = { kind: 'bot', robotId: 5, robotName: 'Ladder A' };
const near: OrderSource = { kind: 'bot', robotId: 2, robotName: 'Near' };
const gone: OrderSource = { kind: 'bot', robotId: 9, robotName: null };
const manual: OrderSource = { kind: 'manual', robotId: null, robotName: null };
const other: OrderSource = { kind: 'other', robotId: null, robotName: null };

const order = (orderNo: string, source: OrderSource, direction: 'buy' | 'sell', price: string | null, amount: string, filledAmount = '0'): Order => ({
  orderNo,
  clientOrderId: null,
  source,
  symbol: 'BTC/USDT',
  price,
  amount,
  direction,
  tradeType: price === null ? 'market' : 'limit',
  filledAmount,
  filledValue: '0',
  status: 'pending',
  createdAt: 0,
  updatedAt: 0,
});

const rows = [
  order('1', ladder, 'buy', '64980.00', '0.1'),
  order('2', manual, 'buy', '64980', '0.25', '0.05'),
  order('3', ladder, 'sell', '65010.00', '0.3'),
  order('4', other, 'sell', '65100.00', '1'),
  order('5', near, 'buy', '64990.00', '0.2'),
  order('6', gone, 'buy', '60000.00', '0.2'),
];

describe('source filter', () => {
  it('keys each source: one per bot, manual, other', () => {
    expect(rows.map((r) => sourceKey(r.source))).toEqual(['bot:5', 'manual', 'bot:5', 'other', 'bot:2', 'bot:9']);
  });

  it('keeps all, every bot, one bot, manual or other', () => {
    const nos = (filter: Parameters<typeof filterBySource>[1]) => filterBySource(rows, filter).map((r) => r.orderNo);
    expect(nos('all')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(nos('bot')).toEqual(['1', '3', '5', '6']);
    expect(nos('bot:5')).toEqual(['1', '3']);
    expect(nos('manual')).toEqual(['2']);
    expect(nos('other')).toEqual(['4']);
  });

  it('offers the bots among the rows once each, by name', () => {
    expect(botsAmong(rows).map((s) => s.robotId)).toEqual([9, 5, 2]);
  });
});

describe('groupBySource', () => {
  it('groups bots first, then manual, then other, with exact subtotals', () => {
    const groups = groupBySource(rows, restingAmount, (o) => (o.price === null ? null : o.price));
    expect(groups.map((g) => [g.key, g.count, g.amount])).toEqual([
      ['bot:9', 1, '0.2'],
      ['bot:5', 2, '0.4'],
      ['bot:2', 1, '0.2'],
      ['manual', 1, '0.2'],
      ['other', 1, '1'],
    ]);
    expect(groups[1]!.value).toBe('129990');
  });

  it('has no value when a row has none', () => {
    const [group] = groupBySource([order('7', manual, 'buy', null, '1'), order('8', manual, 'buy', '1', '1')], (o) => o.amount, (o) => o.price);
    expect(group!.value).toBeNull();
    expect(group!.amount).toBe('2');
  });
});

describe('ownLevels', () => {
  const bids: [string, string][] = [
    ['64990.00', '0.5'],
    ['64980.00', '1.5'],
    ['64970.00', '2'],
  ];

  it('matches orders to levels as decimals and sums their resting amounts, each source once', () => {
    const own = ownLevels(bids, rows, 'buy');
    expect([...own.keys()]).toEqual(['64990.00', '64980.00']);
    expect(own.get('64980.00')).toEqual({ amount: '0.3', sources: [ladder, manual] });
    expect(own.get('64990.00')).toEqual({ amount: '0.2', sources: [near] });
    expect(ownLevelKind(own.get('64980.00')!)).toBe('mixed');
    expect(ownLevelKind(own.get('64990.00')!)).toBe('bot');
  });

  it('keeps to its side and leaves filled orders out', () => {
    expect(ownLevels(bids, [order('9', manual, 'sell', '64990.00', '1')], 'buy').size).toBe(0);
    expect(ownLevels(bids, [order('10', manual, 'buy', '64990.00', '1', '1')], 'buy').size).toBe(0);
    const asks: [string, string][] = [['65010.00', '0.4']];
    expect(ownLevelKind(ownLevels(asks, rows, 'sell').get('65010.00')!)).toBe('bot');
  });
});
