import { describe, expect, it } from 'vitest';
import { Ledger, LedgerError } from './ledger.ts';
import { defineMarket } from './market.ts';
import type { Fill } from './types.ts';
import { BTC_USDT_MARKET } from '../testing/market-specs.ts';

const market = defineMarket(BTC_USDT_MARKET);

function ledgerError(fn: () => unknown): LedgerError {
  try {
    fn();
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
  throw new Error('expected a LedgerError');
}

describe('Ledger', () => {
  it('moves units between available and frozen', () => {
    const ledger = new Ledger();
    ledger.deposit('a', 'USDT', 1_000n);
    ledger.freeze('a', 'USDT', 300n);
    expect(ledger.balance('a', 'USDT')).toEqual({ available: 700n, frozen: 300n });
    ledger.unfreeze('a', 'USDT', 100n);
    expect(ledger.balance('a', 'USDT')).toEqual({ available: 800n, frozen: 200n });
    ledger.payFrozen('a', 'b', 'USDT', 200n);
    ledger.transfer('b', 'a', 'USDT', 50n);
    expect(ledger.balance('a', 'USDT')).toEqual({ available: 850n, frozen: 0n });
    expect(ledger.balance('b', 'USDT')).toEqual({ available: 150n, frozen: 0n });
    expect(ledger.total('USDT')).toBe(1_000n);
    expect(ledger.supplyOf('USDT')).toBe(1_000n);
  });

  it('refuses to spend what is not there and changes nothing', () => {
    const ledger = new Ledger();
    ledger.deposit('a', 'USDT', 100n);
    const error = ledgerError(() => ledger.freeze('a', 'USDT', 101n));
    expect(error).toMatchObject({ code: 'insufficient_balance', message: 'a has 100 USDT available, needs 101' });
    expect(ledgerError(() => ledger.unfreeze('a', 'USDT', 1n)).message).toBe('a has 0 USDT frozen, needs 1');
    expect(ledgerError(() => ledger.payFrozen('a', 'b', 'USDT', 1n)).code).toBe('insufficient_balance');
    expect(ledgerError(() => ledger.transfer('a', 'b', 'USDT', 101n)).code).toBe('insufficient_balance');
    expect(ledgerError(() => ledger.withdraw('a', 'USDT', 101n)).code).toBe('insufficient_balance');
    expect(ledger.balance('a', 'USDT')).toEqual({ available: 100n, frozen: 0n });
  });

  it('refuses negative and non-bigint amounts', () => {
    const ledger = new Ledger();
    expect(ledgerError(() => ledger.deposit('a', 'USDT', -1n)).code).toBe('invalid_amount');
    expect(ledgerError(() => ledger.deposit('a', 'USDT', 5 as unknown as bigint)).code).toBe('invalid_amount');
  });

  it('tracks supply through deposits and withdrawals', () => {
    const ledger = new Ledger();
    ledger.deposit('a', 'BTC', 10n);
    ledger.deposit('b', 'BTC', 5n);
    ledger.withdraw('a', 'BTC', 3n);
    expect(ledger.total('BTC')).toBe(12n);
    expect(ledger.supplyOf('BTC')).toBe(12n);
    expect(ledger.supplyOf('ETH')).toBe(0n);
    expect(ledger.balance('nobody', 'BTC')).toEqual({ available: 0n, frozen: 0n });
    expect(ledger.accounts()).toEqual(['a', 'b']);
    expect([...ledger.balances('a')]).toEqual([['BTC', { available: 7n, frozen: 0n }]]);
  });

  it('settles a fill: buyer pays frozen quote, seller delivers frozen base, fees go to the fee account', () => {
    const ledger = new Ledger('house');
    ledger.deposit('taker', 'USDT', 40_000_000_000n);
    ledger.deposit('maker', 'BTC', 2_000_000n);
    ledger.freeze('taker', 'USDT', 30_000_000_000n);
    ledger.freeze('maker', 'BTC', 1_500_000n);
    const fill: Fill = {
      tradeId: 1,
      takerOrderId: 2,
      makerOrderId: 1,
      takerAccount: 'taker',
      makerAccount: 'maker',
      takerSide: 'buy',
      price: 2_000_000,
      qty: 15,
      baseAmount: 1_500_000n,
      quoteAmount: 30_000_000_000n,
      makerFee: 6_000_000n,
      takerFee: 1_500n,
      makerFilled: true,
    };
    ledger.settleFill(market, fill);
    expect(ledger.balance('taker', 'USDT')).toEqual({ available: 10_000_000_000n, frozen: 0n });
    expect(ledger.balance('taker', 'BTC')).toEqual({ available: 1_498_500n, frozen: 0n });
    expect(ledger.balance('maker', 'BTC')).toEqual({ available: 500_000n, frozen: 0n });
    expect(ledger.balance('maker', 'USDT')).toEqual({ available: 29_994_000_000n, frozen: 0n });
    expect(ledger.balance('house', 'BTC')).toEqual({ available: 1_500n, frozen: 0n });
    expect(ledger.balance('house', 'USDT')).toEqual({ available: 6_000_000n, frozen: 0n });
    expect(ledger.total('USDT')).toBe(ledger.supplyOf('USDT'));
    expect(ledger.total('BTC')).toBe(ledger.supplyOf('BTC'));
  });

  it('settles a taker sell the other way round', () => {
    const ledger = new Ledger();
    ledger.deposit('taker', 'BTC', 100n);
    ledger.deposit('maker', 'USDT', 1_000n);
    ledger.freeze('taker', 'BTC', 100n);
    ledger.freeze('maker', 'USDT', 1_000n);
    ledger.settleFill(market, {
      tradeId: 1,
      takerOrderId: 2,
      makerOrderId: 1,
      takerAccount: 'taker',
      makerAccount: 'maker',
      takerSide: 'sell',
      price: 1,
      qty: 1,
      baseAmount: 100n,
      quoteAmount: 1_000n,
      makerFee: 3n,
      takerFee: 7n,
      makerFilled: true,
    });
    expect(ledger.balance('maker', 'BTC')).toEqual({ available: 97n, frozen: 0n });
    expect(ledger.balance('taker', 'USDT')).toEqual({ available: 993n, frozen: 0n });
    expect(ledger.balance('fees', 'BTC').available).toBe(3n);
    expect(ledger.balance('fees', 'USDT').available).toBe(7n);
  });
});
