import { describe, expect, it } from 'vitest';
import { Ledger } from './matching/index.ts';
import { setupPairs, formatPrice } from './sim-pair.ts';
import { defaultSimPairs } from './default-pairs.ts';
import { BalanceViews, balancesView } from './sim-views.ts';

describe('BalanceViews', () => {
  it('answers what balancesView does after every change, in fresh objects', () => {
    const decimals = new Map([
      ['BTC', 8],
      ['USDT', 6],
    ]);
    const ledger = new Ledger();
    const views = new BalanceViews(ledger, decimals);
    expect(views.of('a')).toEqual([]);
    ledger.deposit('a', 'USDT', 1_000_000n);
    expect(views.of('a')).toEqual(balancesView(ledger, 'a', decimals));
    ledger.deposit('a', 'BTC', 5n);
    ledger.freeze('a', 'USDT', 250_000n);
    expect(views.of('a')).toEqual(balancesView(ledger, 'a', decimals));
    const first = views.of('a');
    first[0]!.available = 'changed';
    expect(views.of('a')).toEqual(balancesView(ledger, 'a', decimals));
    ledger.unfreeze('a', 'USDT', 250_000n);
    expect(views.of('a')).toEqual(balancesView(ledger, 'a', decimals));
    expect(views.of('b')).toEqual([]);
  });
});

describe('formatPrice', () => {
  it('writes the same text with and without its memory, past the memory size', () => {
    const setup = setupPairs(defaultSimPairs).setups[0]!;
    const digits = setup.config.pricePrecision;
    for (const ticks of [0, 1, 10, 123_456, 99_999_999, 1, 123_456]) {
      expect(formatPrice(setup, ticks)).toBe((ticks / 10 ** digits).toFixed(digits));
    }
    for (let ticks = 0; ticks < 10_000; ticks++) formatPrice(setup, ticks);
    expect(setup.priceTexts.size).toBeLessThanOrEqual(4096);
    expect(formatPrice(setup, 5)).toBe((5 / 10 ** digits).toFixed(digits));
    expect(() => formatPrice(setup, 2 ** 60)).toThrow();
  });
});
