import { describe, expect, it } from 'vitest';
import { applyFill, FLAT, unrealizedPnl, type LedgerFill, type Position } from './position-ledger.ts';

function run(fills: LedgerFill[], start: Position = FLAT) {
  let position = start;
  const realized: string[] = [];
  for (const fill of fills) {
    const step = applyFill(position, fill);
    position = step.position;
    realized.push(step.realized);
  }
  return { position, realized };
}

describe('average-cost position ledger', () => {
  it('adding: avg = (avg·q + p·d) / (q + d), nothing realised', () => {
    const { position, realized } = run([
      { side: 'buy', price: '100', amount: '2' },
      { side: 'buy', price: '110', amount: '3' },
    ]);
    expect(position).toEqual({ base: '5', avgCost: '106' });
    expect(realized).toEqual(['0', '0']);
  });

  it('reducing: realised += (p − avg)·d, the average cost stays', () => {
    const { position, realized } = run([
      { side: 'buy', price: '100', amount: '2' },
      { side: 'buy', price: '110', amount: '3' },
      { side: 'sell', price: '120', amount: '1.5' },
      { side: 'sell', price: '90', amount: '0.5' },
    ]);
    expect(realized).toEqual(['0', '0', '21', '-8']);
    expect(position).toEqual({ base: '3', avgCost: '106' });
  });

  it('closing to flat forgets the cost; selling through flat opens a short at the fill price', () => {
    expect(run([{ side: 'buy', price: '10', amount: '1' }, { side: 'sell', price: '12', amount: '1' }])).toEqual({ position: { base: '0', avgCost: null }, realized: ['0', '2'] });
    const flip = run([{ side: 'buy', price: '10', amount: '1' }, { side: 'sell', price: '12', amount: '3' }]);
    expect(flip).toEqual({ position: { base: '-2', avgCost: '12' }, realized: ['0', '2'] });
  });

  it('a short mirrors the rules: buying back below the average realises a gain', () => {
    const { position, realized } = run([
      { side: 'sell', price: '50', amount: '1' },
      { side: 'sell', price: '60', amount: '1' },
      { side: 'buy', price: '40', amount: '0.5' },
    ]);
    expect(position).toEqual({ base: '-1.5', avgCost: '55' });
    expect(realized).toEqual(['0', '0', '7.5']);
    expect(unrealizedPnl(position, '45')).toBe('15');
  });

  it('keeps exact decimals: a third stays a repeating decimal at 18 places, never a float', () => {
    const { position } = run([
      { side: 'buy', price: '1', amount: '1' },
      { side: 'buy', price: '2', amount: '2' },
    ]);
    expect(position.avgCost).toBe('1.666666666666666667');
    expect(run([{ side: 'buy', price: '0.1', amount: '0.2' }, { side: 'buy', price: '0.2', amount: '0.1' }]).position.avgCost).toBe('0.133333333333333333');
  });

  it('unrealised = (mid − avg)·q, zero when flat', () => {
    expect(unrealizedPnl({ base: '3', avgCost: '106' }, '110')).toBe('12');
    expect(unrealizedPnl(FLAT, '110')).toBe('0');
  });
});
