import { renderServerText, type Lang, type ServerText } from '@makerdesk/contract';
import type { Intent } from '../intents.ts';

/** A text as a reader reads it (a plain string as it is). */
export function read(t: string | ServerText, lang: Lang = 'en_US'): string {
  return typeof t === 'string' ? t : renderServerText(t, lang);
}

/** Intents with their texts rendered in `lang`: tests compare what people read. */
export function readIntents(intents: readonly Intent[], lang: Lang = 'en_US'): unknown[] {
  return intents.map((i) => {
    switch (i.kind) {
      case 'notify':
        return { ...i, title: read(i.title, lang), text: read(i.text, lang) };
      case 'alert':
        return { ...i, message: read(i.message, lang) };
      case 'stop':
      case 'emergencyStop':
        return { ...i, reason: read(i.reason, lang) };
      default:
        return i;
    }
  });
}
