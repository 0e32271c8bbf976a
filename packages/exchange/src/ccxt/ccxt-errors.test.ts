import ccxt from 'ccxt';
import { describe, expect, it } from 'vitest';
import { ExchangeError } from '../errors.ts';
import { ccxtErrorKind, toExchangeError } from './ccxt-errors.ts';

describe('ccxt errors → ExchangeError kinds', () => {
  it('follows ccxt’s class hierarchy, most specific first', () => {
    expect(ccxtErrorKind(new ccxt.InsufficientFunds('x'))).toBe('insufficient_balance');
    expect(ccxtErrorKind(new ccxt.InvalidOrder('x'))).toBe('invalid_order');
    expect(ccxtErrorKind(new ccxt.OrderNotFound('x'))).toBe('order_not_found');
    expect(ccxtErrorKind(new ccxt.OrderImmediatelyFillable('x'))).toBe('post_only_would_cross');
    expect(ccxtErrorKind(new ccxt.AuthenticationError('x'))).toBe('invalid_key');
    expect(ccxtErrorKind(new ccxt.PermissionDenied('x'))).toBe('permission_denied');
    expect(ccxtErrorKind(new ccxt.RateLimitExceeded('x'))).toBe('rate_limited');
    expect(ccxtErrorKind(new ccxt.DDoSProtection('x'))).toBe('rate_limited');
    expect(ccxtErrorKind(new ccxt.NetworkError('x'))).toBe('network');
    expect(ccxtErrorKind(new ccxt.RequestTimeout('x'))).toBe('network');
    expect(ccxtErrorKind(new ccxt.ExchangeNotAvailable('x'))).toBe('network');
    expect(ccxtErrorKind(new ccxt.OnMaintenance('x'))).toBe('network');
    expect(ccxtErrorKind(new ccxt.BadSymbol('x'))).toBe('unknown_symbol');
    expect(ccxtErrorKind(new ccxt.MarketClosed('x'))).toBe('pair_not_open');
    expect(ccxtErrorKind(new ccxt.ExchangeError('x'))).toBe('venue_error');
    expect(ccxtErrorKind(new ccxt.NotSupported('x'))).toBe('venue_error');
  });

  it('reads Binance filter failures', () => {
    expect(ccxtErrorKind(new ccxt.BadRequest('binance {"code":-1013,"msg":"Filter failure: NOTIONAL"}'))).toBe('min_notional');
    expect(ccxtErrorKind(new ccxt.InvalidOrder('binance order amount should be evenly divisible by lot size {"code":-1013,"msg":"Filter failure: LOT_SIZE"}'))).toBe('amount_precision');
    expect(ccxtErrorKind(new ccxt.InvalidOrder('binance {"code":-1013,"msg":"Filter failure: PRICE_FILTER"}'))).toBe('price_precision');
    expect(ccxtErrorKind(new ccxt.BadRequest('binance {"code":-1102,"msg":"Mandatory parameter"}'))).toBe('venue_error');
  });

  it('reads PERCENT_PRICE_BY_SIDE as a price band refusal and names the filter', () => {
    const mapped = toExchangeError(new ccxt.InvalidOrder('binance {"code":-1013,"msg":"Filter failure: PERCENT_PRICE_BY_SIDE"}'));
    expect(mapped.kind).toBe('price_protection');
    expect(mapped.params).toEqual({ ccxt: 'InvalidOrder', filter: 'PERCENT_PRICE_BY_SIDE' });
    expect(toExchangeError(new ccxt.InvalidOrder('binance {"code":-1013,"msg":"Filter failure: PERCENT_PRICE"}')).params).toEqual({ ccxt: 'InvalidOrder', filter: 'PERCENT_PRICE' });
  });

  it('wraps with the cause kept, and lets ExchangeErrors through', () => {
    const source = new ccxt.InsufficientFunds('binance Account has insufficient balance for requested action.');
    const mapped = toExchangeError(source);
    expect(mapped).toBeInstanceOf(ExchangeError);
    expect(mapped.kind).toBe('insufficient_balance');
    expect(mapped.cause).toBe(source);
    expect(mapped.params).toEqual({ ccxt: 'InsufficientFunds' });
    const own = new ExchangeError('self_trade_prevented', 'no');
    expect(toExchangeError(own)).toBe(own);
    expect(toExchangeError(new TypeError('bug')).kind).toBe('venue_error');
  });
});
