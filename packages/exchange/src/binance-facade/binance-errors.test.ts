import { describe, expect, it } from 'vitest';
import { ExchangeError, type ExchangeErrorKind } from '../errors.ts';
import { toBinanceError } from './binance-errors.ts';

const place = (kind: ExchangeErrorKind, message = 'x') => toBinanceError(new ExchangeError(kind, message), 'place').toJSON();

describe('ExchangeError kinds → Binance codes', () => {
  it('maps order refusals the way ccxt recognises them', () => {
    expect(place('insufficient_balance')).toEqual({ code: -2010, msg: 'Account has insufficient balance for requested action.' });
    expect(place('post_only_would_cross')).toEqual({ code: -2010, msg: 'Order would immediately match and take.' });
    expect(place('amount_precision')).toEqual({ code: -1013, msg: 'Filter failure: LOT_SIZE' });
    expect(place('min_amount').code).toBe(-1013);
    expect(place('price_precision')).toEqual({ code: -1013, msg: 'Filter failure: PRICE_FILTER' });
    expect(place('min_notional')).toEqual({ code: -1013, msg: 'Filter failure: NOTIONAL' });
    expect(place('unknown_symbol')).toEqual({ code: -1121, msg: 'Invalid symbol.' });
    expect(place('invalid_order', 'Duplicate order sent.')).toEqual({ code: -2010, msg: 'Duplicate order sent.' });
    expect(place('rate_limited').code).toBe(-1003);
  });

  it('answers unknown orders per action: -2013 on query, -2011 on cancel', () => {
    expect(toBinanceError(new ExchangeError('order_not_found', 'gone'), 'query').toJSON().code).toBe(-2013);
    expect(toBinanceError(new ExchangeError('order_not_found', 'gone'), 'cancel').toJSON().code).toBe(-2011);
    expect(toBinanceError(new ExchangeError('order_closed', 'done'), 'cancel').toJSON()).toEqual({ code: -2011, msg: 'Unknown order sent.' });
  });

  it('uses Binance HTTP statuses', () => {
    expect(toBinanceError(new ExchangeError('invalid_key', 'no'), 'read').status).toBe(401);
    expect(toBinanceError(new ExchangeError('rate_limited', 'slow'), 'read').status).toBe(429);
    expect(toBinanceError(new Error('bug'), 'read').status).toBe(500);
    expect(toBinanceError(new ExchangeError('insufficient_balance', 'x'), 'place').status).toBe(400);
  });
});
