import { ErrorCode } from '@makerdesk/contract';
import { ExchangeError } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import type { AppError } from './app-error.ts';
import { toAppError, venueReason } from './exchange-errors.ts';

describe('venueReason', () => {
  it('keeps the simulator’s own words', () => {
    expect(venueReason(new ExchangeError('invalid_order', 'Price must be a multiple of the tick size 0.01'))).toBe('Price must be a multiple of the tick size 0.01');
  });

  it('quotes only a live venue’s short error message, never ccxt’s URL or the raw answer', () => {
    const binance = new ExchangeError('invalid_order', 'binance {"code":-1013,"msg":"Filter failure: PERCENT_PRICE_BY_SIDE"}', { ccxt: 'InvalidOrder' });
    expect(venueReason(binance)).toBe('Filter failure: PERCENT_PRICE_BY_SIDE');
    const page = new ExchangeError('venue_error', 'binance POST http://10.0.0.8/api/v3/order?timestamp=1&signature=abc 400 Bad Request <html>db_password=hunter2</html>', { ccxt: 'ExchangeError' });
    expect(venueReason(page)).toBe('ExchangeError');
    const long = new ExchangeError('venue_error', `okx {"msg":"${'x'.repeat(500)}"}`, { ccxt: 'BadRequest' });
    expect(venueReason(long)).toBe('BadRequest');
  });

  it('gives the order refusal the catalogue text around that reason, without ccxt’s class as a parameter', () => {
    const err = toAppError(new ExchangeError('venue_error', 'binance GET http://intranet/api/v3/order 400 {"error":"db_password=hunter2"}', { ccxt: 'ExchangeError' })) as AppError;
    expect(err.code).toBe(ErrorCode.EXCHANGE_REJECTED_ORDER);
    expect(err.params).toEqual({ min: '', max: '', hosts: '', reason: 'ExchangeError' });
  });
});
