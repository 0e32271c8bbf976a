import { ExchangeError } from '@makerdesk/exchange';
import { describe, expect, it } from 'vitest';
import { OutboundRefusedError } from '../outbound/outbound-guard.ts';
import { loggableFailure, venueFailureOf } from './venue-failure.ts';

describe('venueFailureOf', () => {
  it('tells a refused destination, no answer, and an answer that is not the venue’s apart', () => {
    expect(venueFailureOf(new ExchangeError('venue_error', 'destination not allowed', {}, { cause: new OutboundRefusedError() }))).toBe('not_allowed');
    expect(venueFailureOf(new ExchangeError('network', 'binance GET … fetch failed'))).toBe('no_answer');
    expect(venueFailureOf(new ExchangeError('venue_error', 'binance GET … <html>'))).toBe('unreadable');
    expect(venueFailureOf(new TypeError("Cannot read properties of undefined (reading 'symbols')"))).toBe('unreadable');
  });

  it('logs a failure short and without a user:password in its URLs', () => {
    const text = loggableFailure(new Error(`binance GET http://ops:s3cret@10.0.0.8/api/v3/exchangeInfo 200 ${'x'.repeat(1000)}`));
    expect(text).toContain('http://10.0.0.8/api/v3/exchangeInfo');
    expect(text).not.toContain('s3cret');
    expect(text.length).toBeLessThanOrEqual(300);
  });
});
