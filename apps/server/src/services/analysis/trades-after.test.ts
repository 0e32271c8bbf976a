import type { MyTrade } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { tradesAfter } from './analysis.service.ts';

const trade = (id: string, timestamp: number): MyTrade => ({ id, timestamp, symbol: 'BTC/USDT', price: '1', amount: '1', side: 'buy', orderNo: 'o', fee: '0', feeAsset: 'BTC', liquidity: 'maker' });

describe('tradesAfter: what a page read from the cursor holds that is new', () => {
  const page = [trade('7', 100), trade('8', 100), trade('9', 101), trade('10', 102)];

  it('without a cursor, the whole page', () => {
    expect(tradesAfter(page, null)).toEqual(page);
  });

  it('the trades after the cursor’s own where the page holds it (venues paging by id)', () => {
    expect(tradesAfter(page, { id: '8', timestamp: 100 }).map((t) => t.id)).toEqual(['9', '10']);
    expect(tradesAfter(page, { id: '10', timestamp: 102 })).toEqual([]);
  });

  it('those not older than the cursor where it is not in the page (venues paging by time answer its millisecond again)', () => {
    expect(tradesAfter(page, { id: 'x', timestamp: 101 }).map((t) => t.id)).toEqual(['9', '10']);
  });
});
