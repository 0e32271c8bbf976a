import { describe, expect, it } from 'vitest';
import { fillsCsv } from './fills-csv.ts';

describe('fills CSV', () => {
  it('a header row, decimal strings as stored, empty cells for unknowns, formula-like names neutralised', () => {
    const csv = fillsCsv([
      {
        id: 'b1',
        at: Date.UTC(2026, 10, 27, 4, 0, 0, 5),
        side: 'buy',
        price: '64000.10',
        amount: '0.00000100',
        fee: '0.000064',
        feeAsset: 'USDT',
        feeQuote: '0.000064',
        source: { kind: 'bot', robotId: 7, robotName: '=cmd|"x"' },
        orderNo: '42',
      },
      { id: 'm3', at: Date.UTC(2026, 10, 27), side: 'sell', price: '1e-7', amount: '2', fee: '0.01', feeAsset: 'BNB', feeQuote: null, source: { kind: 'manual', robotId: null, robotName: null }, orderNo: null },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'time,side,price,amount,fee,fee_asset,fee_quote,source,robot_id,robot_name,order_no',
      `2026-11-27T04:00:00.005Z,buy,64000.10,0.00000100,0.000064,USDT,0.000064,bot,7,"'=cmd|""x""",42`,
      '2026-11-27T00:00:00.000Z,sell,1e-7,2,0.01,BNB,,manual,,,',
      '',
    ]);
  });
});
