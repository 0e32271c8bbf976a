import { describe, expect, it } from 'vitest';
import { amountForShare, exceedsBalance, orderCost } from './balance-check';

const available = { base: '2.00000000', quote: '100000.00000000' };

describe('balance checks', () => {
  it('a buy may spend the available quote, to the last unit', () => {
    expect(exceedsBalance('buy', { cost: orderCost('50000', '2'), amount: '2' }, available)).toBe(false);
    expect(exceedsBalance('buy', { cost: orderCost('50000.01', '2'), amount: '2' }, available)).toBe(true);
  });

  it('a sell may spend the available base, whatever its value', () => {
    expect(exceedsBalance('sell', { cost: orderCost('1000000', '2'), amount: '2' }, available)).toBe(false);
    expect(exceedsBalance('sell', { cost: '0', amount: '2.00000001' }, available)).toBe(true);
  });

  it('computes exact costs without float drift', () => {
    expect(orderCost('0.1', '0.2')).toBe('0.02');
    expect(orderCost('65043.52', '0.00001')).toBe('0.6504352');
  });

  it('turns a share of the balance into an amount cut to the pair precision', () => {
    expect(amountForShare('buy', 100, '65000', available, 5)).toBe('1.53846');
    expect(amountForShare('buy', 25, '65000', available, 5)).toBe('0.38461');
    expect(amountForShare('sell', 50, '65000', available, 5)).toBe('1');
    expect(amountForShare('sell', 75, undefined, { base: '0.00003', quote: '0' }, 5)).toBe('0.00002');
    expect(amountForShare('buy', 50, undefined, available, 5)).toBe('0');
    expect(amountForShare('buy', 50, '0', available, 5)).toBe('0');
  });

  it('never proposes more than the balance pays for', () => {
    const amount = amountForShare('buy', 100, '3', { base: '0', quote: '10' }, 4);
    expect(amount).toBe('3.3333');
    expect(exceedsBalance('buy', { cost: orderCost('3', amount), amount }, { base: '0', quote: '10' })).toBe(false);
  });
});
