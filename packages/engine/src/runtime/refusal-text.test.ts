import { renderServerText, text } from '@makerdesk/contract';
import { ExchangeError } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { refusalParams } from './order-state.ts';

const order = { tag: 'bid-1', side: '@bots.sideWord.buy', amount: '0.001', price: '1000000' };

describe("a venue's refusal in a bot's log", () => {
  it('a PERCENT_PRICE_BY_SIDE refusal with its band reads in words in each language', () => {
    const band = new ExchangeError('price_protection', 'Filter failure: PERCENT_PRICE_BY_SIDE (the buy price must lie between 12953.34 and 323833.39).', {
      filter: 'PERCENT_PRICE_BY_SIDE',
      price: '1000000',
      min: '12953.34',
      max: '323833.39',
      avgPrice: '64766.68',
      mins: 5,
      quote: 'USDT',
    });
    const line = text('bots.order.refused', { ...refusalParams(band), ...order });
    expect(line.params).toMatchObject({ error: '@bots.refusal.percentPrice', bandMin: '12953.34 USDT', bandMax: '323833.39 USDT', avgPrice: '64766.68 USDT', mins: 5, price: '1000000' });
    expect(renderServerText(line, 'en_US')).toBe('bid-1: the venue refused buy 0.001 at 1000000: the price must lie between 12953.34 USDT and 323833.39 USDT, around the 5-minute average price 64766.68 USDT (PERCENT_PRICE_BY_SIDE)');
    expect(renderServerText(line, 'zh_CN')).toBe('bid-1：交易所拒绝了 买 0.001，价格 1000000：价格须在 5 分钟均价 64766.68 USDT 附近的 12953.34 USDT 至 323833.39 USDT 之间（PERCENT_PRICE_BY_SIDE）');
  });

  it("any other refusal (or one whose band is unknown) keeps the venue's own words", () => {
    const bare = new ExchangeError('price_protection', 'binance {"code":-1013,"msg":"Filter failure: PERCENT_PRICE_BY_SIDE"}', { filter: 'PERCENT_PRICE_BY_SIDE' });
    expect(refusalParams(bare)).toEqual({ error: bare.message });
    expect(refusalParams(new ExchangeError('insufficient_balance', 'Account has insufficient balance'))).toEqual({ error: 'Account has insufficient balance' });
  });
});
