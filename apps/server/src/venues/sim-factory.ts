import { createDefaultSimVenue, defaultSimVenueOptions, SimVenue, type SimSnapshot } from '@makerdesk/exchange';

/** The built-in venue: restored from its last snapshot, or a fresh default one. */
export function simVenueFactory(seed: number, tickMs?: number) {
  const settings = tickMs === undefined ? { seed } : { seed, tickMs };
  return (snapshot: SimSnapshot | undefined) =>
    snapshot ? SimVenue.restore(defaultSimVenueOptions(settings), snapshot) : createDefaultSimVenue(settings);
}
