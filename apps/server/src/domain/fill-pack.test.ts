import { describe, expect, it } from 'vitest';
import { addToFillPack, decodeFillPack, encodeFillPack, FillPackError, type PackedFill } from './fill-pack.ts';
import { sampleBotDay } from '../testing/fill-pack-sample.ts';

const odd: PackedFill[] = [
  // Out of order on purpose: the pack keeps the ledger's order (time, then id).
  { id: 90, clientOrderId: 'MDbZ2', filledAfter: '0.5', side: 'sell', price: '101.10', amount: '0.5', quoteAmount: '50.55', fee: '0', realizedPnl: '-0.000000000000000001', positionAfter: '0', avgCostAfter: null, at: 1_700_000_000_500, orderNo: null },
  { id: 7, clientOrderId: 'MDbZ1', filledAfter: '1.00000000000000000001', side: 'buy', price: '99999999999999.123456789', amount: '1.00000000000000000001', quoteAmount: '99999999999999.1234567890000000000099999999999999123456789', fee: '0.1', realizedPnl: '0', positionAfter: '1.00000000000000000001', avgCostAfter: '99999999999999.123456789000000000', at: 1_700_000_000_000, orderNo: '12' },
  { id: 8, clientOrderId: 'MDbZ1', filledAfter: '2', side: 'buy', price: '100', amount: '0.99999999999999999999', quoteAmount: '99.999999999999999999', fee: '0.1', realizedPnl: '0', positionAfter: '2', avgCostAfter: '99999999999999.123456789000000000', at: 1_700_000_000_000, orderNo: '12' },
  { id: 91, clientOrderId: 'MDbZ3', filledAfter: '0.5', side: 'sell', price: '101.10', amount: '0.5', quoteAmount: '50.55', fee: '0', realizedPnl: '3', positionAfter: '-0.5', avgCostAfter: '101.1', at: 1_700_000_000_499, orderNo: null },
];
const ordered = [...odd].sort((a, b) => a.at - b.at || a.id - b.id);

describe('fill packs', () => {
  it('round-trips every column exactly, nulls and repeats included, in the ledger’s order', () => {
    expect(decodeFillPack(encodeFillPack(odd))).toEqual(ordered);
    expect(decodeFillPack(encodeFillPack([]))).toEqual([]);
  });

  it('round-trips a bot’s day of 2,150 fills in a small fraction of a row’s bytes', () => {
    const day = sampleBotDay();
    const pack = encodeFillPack(day);
    expect(decodeFillPack(pack)).toEqual(day);
    expect(day.some((f) => f.orderNo === null)).toBe(true);
    // A row with its indexes takes about 300 bytes.
    expect(pack.length / day.length).toBeLessThan(40);
  });

  it('adds a later batch to a day’s pack, one pack in the ledger’s order', () => {
    const first = encodeFillPack(odd.slice(0, 2));
    const { pack, fills } = addToFillPack(first, odd.slice(2));
    expect(fills).toEqual(ordered);
    expect(decodeFillPack(pack)).toEqual(ordered);
    expect(addToFillPack(null, odd).fills).toEqual(ordered);
  });

  it('refuses a pack cut short, altered or not a pack, with a clear error', () => {
    const pack = encodeFillPack(sampleBotDay({ count: 300 }));
    expect(() => decodeFillPack(pack.subarray(0, pack.length - 10))).toThrow(FillPackError);
    expect(() => decodeFillPack(pack.subarray(0, 6))).toThrow(/not a fill pack/);
    const altered = Buffer.from(pack);
    altered[Math.floor(altered.length / 2)]! ^= 0x40;
    expect(() => decodeFillPack(altered)).toThrow(FillPackError);
    const recounted = Buffer.from(pack);
    recounted.writeUInt32BE(301, 5);
    expect(() => decodeFillPack(recounted)).toThrow(/do not hold 301 fills/);
    const resummed = Buffer.from(pack);
    resummed[9]! ^= 0xff;
    expect(() => decodeFillPack(resummed)).toThrow(/checksum/);
    const versioned = Buffer.from(pack);
    versioned[4] = 9;
    expect(() => decodeFillPack(versioned)).toThrow(/version 9/);
    expect(() => decodeFillPack(Buffer.from('hello world, not a pack'))).toThrow(/not a fill pack/);
  });
});
