import type { ServerText } from '@makerdesk/contract';
import type { Side, TimeInForce } from '@makerdesk/exchange';

/**
 * What a strategy asks for. The executor turns intents into venue calls (journal first), so a
 * strategy never touches a venue and is tested on fixed snapshots.
 */

/**
 * Place one order. `tag` names the slot the order fills in the strategy's own layout ("bid-3",
 * "grid-7-sell", "stage-4"): the executor keeps it beside the order, so the strategy finds its
 * orders again by tag on the next tick, after a restart too.
 */
export interface PlaceIntent {
  kind: 'place';
  tag: string;
  side: Side;
  /** A decimal string; the executor rounds it to the pair's precision (bids down, asks up). */
  price: string;
  /** Base amount, a decimal string; rounded down to the pair's precision. */
  amount: string;
  /** Default GTC; safe price mode turns every quote into POST_ONLY. */
  timeInForce?: TimeInForce;
  /**
   * The order may trade with the account's own orders (simulation-only volume and pump bots). The
   * engine honours it on a simulated session only; on a live venue the placement is refused.
   */
  selfTrade?: boolean;
}

/** Cancel one of the bot's own orders, by its client order id. */
export interface CancelIntent {
  kind: 'cancel';
  clientOrderId: string;
}

/** Cancel an own order and place another in its slot once the cancel is confirmed. */
export interface ReplaceIntent {
  kind: 'replace';
  clientOrderId: string;
  place: Omit<PlaceIntent, 'kind'>;
}

/** A line in the bot's trading log. */
export interface AlertIntent {
  kind: 'alert';
  level: 'info' | 'warn' | 'error';
  /** A server text (rendered in the reader's language); a plain string is kept verbatim. */
  message: string | ServerText;
}

/** The strategy is done (smart sell finished) or cannot go on: the bot stops with this reason. */
export interface StopIntent {
  kind: 'stop';
  /** A server text (rendered in the reader's language); a plain string is kept verbatim. */
  reason: string | ServerText;
}

/**
 * An alert for the account: the runtime writes it to the trading log and hands it to the alert
 * port, which delivers it to the account's channels (Telegram, webhook, e-mail).
 */
export interface NotifyIntent {
  kind: 'notify';
  level: 'info' | 'warn' | 'error';
  /** Server texts (rendered in each reader's and each channel's language); a plain string is kept verbatim. */
  title: string | ServerText;
  text: string | ServerText;
}

/**
 * Stop every other bot of the pair (the account's bots on it, risk-control bots aside) and cancel
 * their orders, through the pair guard port. If it fails the tick fails and its state is not kept,
 * so the strategy asks again on the next tick.
 */
export interface EmergencyStopIntent {
  kind: 'emergencyStop';
  /** A server text (the stop reason reads in each reader's language); a plain string is kept verbatim. */
  reason: string | ServerText;
}

export type Intent = PlaceIntent | CancelIntent | ReplaceIntent | AlertIntent | StopIntent | NotifyIntent | EmergencyStopIntent;

export const place = (p: Omit<PlaceIntent, 'kind'>): PlaceIntent => ({ kind: 'place', ...p });
export const cancel = (clientOrderId: string): CancelIntent => ({ kind: 'cancel', clientOrderId });
export const replace = (clientOrderId: string, p: Omit<PlaceIntent, 'kind'>): ReplaceIntent => ({ kind: 'replace', clientOrderId, place: p });
export const alert = (level: AlertIntent['level'], message: string | ServerText): AlertIntent => ({ kind: 'alert', level, message });
export const stop = (reason: string | ServerText): StopIntent => ({ kind: 'stop', reason });
export const notify = (level: NotifyIntent['level'], title: string | ServerText, text: string | ServerText): NotifyIntent => ({ kind: 'notify', level, title, text });
export const emergencyStop = (reason: string | ServerText): EmergencyStopIntent => ({ kind: 'emergencyStop', reason });
