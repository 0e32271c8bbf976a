import { describe, expect, it } from 'vitest';
import { snapshotsCsv } from './snapshots-csv.ts';

const at = Date.UTC(2026, 0, 1, 5);

describe('snapshotsCsv', () => {
  it('writes a header and one row per snapshot with ISO times and decimal strings', () => {
    const csv = snapshotsCsv(
      [{ at, slotAt: at, base: { available: '1.5', frozen: '0.25', total: '1.75' }, quote: { available: '100', frozen: '0', total: '100' }, price: '20000.01' }],
      [{ at, base: '1.75', quote: '100', price: '20000.01', value: '35100.0175', pnl: '-12.5' }],
    );
    expect(csv).toBe('time,base_available,base_frozen,base_total,quote_available,quote_frozen,quote_total,price,value,pnl\r\n2026-01-01T05:00:00.000Z,1.5,0.25,1.75,100,0,100,20000.01,35100.0175,-12.5\r\n');
  });

  it('leaves unknown price, value and P&L empty', () => {
    const csv = snapshotsCsv([{ at, slotAt: at, base: { available: '0', frozen: '0', total: '0' }, quote: { available: '5', frozen: '0', total: '5' }, price: null }], []);
    expect(csv.split('\r\n')[1]).toBe('2026-01-01T05:00:00.000Z,0,0,0,5,0,5,,,');
  });

  it('only a header for an empty range', () => {
    expect(snapshotsCsv([], [])).toBe('time,base_available,base_frozen,base_total,quote_available,quote_frozen,quote_total,price,value,pnl\r\n');
  });
});
