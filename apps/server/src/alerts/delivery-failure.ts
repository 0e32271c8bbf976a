import type { DeliveryFailure, DeliveryFailureCode } from '@makerdesk/contract';

/**
 * A delivery's failure as the trading log and the deliveries table keep it: one fixed English text
 * per reason, so the API can answer it as a code the console translates.
 */
const TEXTS: Record<DeliveryFailureCode, string> = {
  refused: 'refused',
  no_answer: 'no answer',
  not_allowed: 'destination not allowed',
  switched_off: 'the channel is switched off',
  channel_deleted: 'the channel was deleted',
  secret_unreadable: 'the channel secret cannot be opened (was the master key changed?)',
  not_delivered: 'not delivered',
};

const CODE_BY_TEXT = new Map(Object.entries(TEXTS).map(([code, text]) => [text, code as DeliveryFailureCode]));

export const failure = {
  refused: (status: string): DeliveryFailure => ({ code: 'refused', status }),
  noAnswer: { code: 'no_answer' } as DeliveryFailure,
  notAllowed: { code: 'not_allowed' } as DeliveryFailure,
};

export function failureText(reason: DeliveryFailure): string {
  return reason.code === 'refused' && reason.status ? `refused: ${reason.status}` : TEXTS[reason.code];
}

/** The stored text read back; a text no version of this list wrote (an older server's) is `not_delivered`. */
export function parseFailureText(text: string): DeliveryFailure {
  const refused = /^refused: ((?:HTTP|SMTP) \d{3})$/.exec(text);
  if (refused?.[1]) return failure.refused(refused[1]);
  return { code: CODE_BY_TEXT.get(text) ?? 'not_delivered' };
}
