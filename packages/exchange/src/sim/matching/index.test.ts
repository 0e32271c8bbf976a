import { describe, expect, it } from 'vitest';
import { matching } from '../../index.ts';

const { Ledger, SpotMarket, amountToLots, decimalToUnits, defineMarket, priceToTicks, unitsToDecimal } = matching;

describe('the matching namespace of @makerdesk/exchange', () => {
  it('runs a trade from decimal strings in to decimal strings out', () => {
    const market = defineMarket({
      symbol: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      pricePrecision: 2,
      amountPrecision: 5,
      baseDecimals: 8,
      quoteDecimals: 8,
      makerFeePpm: 1_000,
      takerFeePpm: 1_000,
    });
    const ledger = new Ledger();
    ledger.deposit('maker', 'BTC', decimalToUnits('1', 8));
    ledger.deposit('taker', 'USDT', decimalToUnits('50000', 8));
    const spot = new SpotMarket(market, ledger);

    spot.place({
      type: 'limit',
      account: 'maker',
      side: 'sell',
      price: priceToTicks(market, '43210.99'),
      qty: amountToLots(market, '0.5'),
    });
    const qty = amountToLots(market, '0.12345');
    const { order, fills } = spot.place({ type: 'market', account: 'taker', side: 'buy', qty });

    expect(order.status).toBe('filled');
    expect(fills).toHaveLength(1);
    expect(unitsToDecimal(order.filledQuote, 8)).toBe('5334.39671550'); // 43210.99 × 0.12345
    expect(unitsToDecimal(ledger.balance('taker', 'BTC').available, 8)).toBe('0.12332655'); // less 0.1 % fee
    expect(unitsToDecimal(ledger.balance('maker', 'USDT').available, 8)).toBe('5329.06231878'); // less 0.1 %, rounded up
    expect(unitsToDecimal(ledger.balance('fees', 'USDT').available, 8)).toBe('5.33439672');
    expect(unitsToDecimal(ledger.balance('maker', 'BTC').frozen, 8)).toBe('0.37655000');
  });
});
