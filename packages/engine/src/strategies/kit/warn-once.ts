import { alert, type Intent } from '../../intents.ts';

/** State of a strategy that logs a repeating condition once, until it clears. */
export interface Warned {
  /** The key of the condition last logged; null once a tick went through. */
  warned: string | null;
}

/** An alert the first tick a condition holds; nothing while it keeps holding. */
export function alertOnce<S extends Warned>(state: S, key: string, level: 'info' | 'warn', message: string): { intents: Intent[]; state: S } {
  if (state.warned === key) return { intents: [], state };
  return { intents: [alert(level, message)], state: { ...state, warned: key } };
}
