import { renderServerText } from '@makerdesk/contract';
import type { Intent } from '../intents.ts';

/** Each intent as a test reads it: a stop as its reason in English, an alert as its message, others by kind. */
export function intentTexts(intents: readonly Intent[]): string[] {
  return intents.map((i) => {
    if (i.kind === 'stop') return typeof i.reason === 'string' ? i.reason : renderServerText(i.reason, 'en_US');
    if (i.kind === 'alert') return typeof i.message === 'string' ? i.message : renderServerText(i.message, 'en_US');
    return i.kind;
  });
}
