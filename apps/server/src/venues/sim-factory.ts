import { createDefaultSimVenue, defaultSimVenueOptions, SimVenue, type SimSnapshot } from '@makerdesk/exchange';

/** The built-in venue: restored from its last snapshot, or a fresh default one. */
export function simVenueFactory(seed: number, tickMs?: number, now?: () => number) {
  const settings = { seed, ...(tickMs === undefined ? {} : { tickMs }), ...(now === undefined ? {} : { now }) };
  return (snapshot: SimSnapshot | undefined) =>
    snapshot ? SimVenue.restore(defaultSimVenueOptions(settings), snapshot) : createDefaultSimVenue(settings);
}
