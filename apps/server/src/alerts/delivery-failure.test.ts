import { deliveryFailureCodes, type DeliveryFailure } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { failure, failureText, parseFailureText } from './delivery-failure.ts';

describe('delivery failure texts', () => {
  it('reads back every reason it writes', () => {
    const all: DeliveryFailure[] = [...deliveryFailureCodes.filter((code) => code !== 'refused').map((code) => ({ code })), failure.refused('HTTP 404'), failure.refused('SMTP 550')];
    for (const reason of all) expect(parseFailureText(failureText(reason))).toEqual(reason);
    expect(failureText(failure.refused('HTTP 403'))).toBe('refused: HTTP 403');
    expect(failureText(failure.noAnswer)).toBe('no answer');
    expect(failureText(failure.notAllowed)).toBe('destination not allowed');
  });

  it('answers an older server’s free text as "not delivered", never repeating it', () => {
    for (const old of ['Telegram answered 400: internal answer: db_password=x', 'network error: ECONNREFUSED', 'no answer within 10 s', 'refused: HTTP 4044']) {
      expect(parseFailureText(old)).toEqual({ code: 'not_delivered' });
    }
  });
});
