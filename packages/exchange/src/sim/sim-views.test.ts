import { describe, expect, it } from 'vitest';
import { Ledger } from './matching/index.ts';
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
