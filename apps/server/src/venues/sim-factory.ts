import { createDefaultSimVenue, defaultSimVenueOptions, SimVenue, type SimSnapshot } from '@makerdesk/exchange';

/** Days of candles a new install's simulator starts with, so its charts and 24 h figures show something at once. */
export const SIM_HISTORY_DAYS = 3;

/** The built-in venue: restored from its last snapshot, or a fresh default one with a few days of history. */
export function simVenueFactory(seed: number, tickMs?: number, now?: () => number) {
  const settings = { seed, ...(tickMs === undefined ? {} : { tickMs }), ...(now === undefined ? {} : { now }) };
  return (snapshot: SimSnapshot | undefined) =>
    snapshot
      ? SimVenue.restore(defaultSimVenueOptions(settings), snapshot)
      : createDefaultSimVenue({ ...settings, historyDays: SIM_HISTORY_DAYS });
}
