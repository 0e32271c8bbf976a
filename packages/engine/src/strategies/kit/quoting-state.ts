import { text } from '@makerdesk/contract';
import { compare } from '@makerdesk/decimal';
import { alert, type Intent } from '../../intents.ts';

/** What every depth bot keeps between ticks. */
export interface QuotingState {
  /** The last price quoted around, used when the book is one-sided or empty. */
  reference: string | null;
  /** The "no price" alert was given; reset once a price is known again, so it is said once per outage. */
  noReferenceAlerted: boolean;
  /** Epoch ms until which a fill pause lasts (0 = none). */
  pausedUntil: number;
}

export const initialQuotingState: QuotingState = { reference: null, noReferenceAlerted: false, pausedUntil: 0 };

export const NO_REFERENCE_MESSAGE = text('bots.noQuotePrice');

/** The tick without a reference: no intents, one alert per outage. */
export function noReference<S extends Pick<QuotingState, 'noReferenceAlerted'>>(state: S): { intents: Intent[]; state: S; reference: null } {
  if (state.noReferenceAlerted) return { intents: [], state, reference: null };
  return { intents: [alert('warn', NO_REFERENCE_MESSAGE)], state: { ...state, noReferenceAlerted: true }, reference: null };
}

/** An integer held in state: kept unless a full refresh is due or it fell outside [min, max] (config changed). */
export function heldInt(current: number | null, min: number, max: number, refresh: boolean, draw: () => number): number {
  return !refresh && current !== null && current >= min && current <= max ? current : draw();
}

/** A decimal held in state, the same way. */
export function heldDecimal(current: string | null, min: string, max: string, refresh: boolean, draw: () => string): string {
  return !refresh && current !== null && compare(current, min) >= 0 && compare(current, max) <= 0 ? current : draw();
}
