import { createContext, use } from 'react';

/** live: the socket streams the pair; connecting: it is trying; polling: it is down and queries poll. */
export type LiveStatus = 'live' | 'connecting' | 'polling';

export const LiveStatusContext = createContext<LiveStatus>('polling');

export function useLiveStatus(): LiveStatus {
  return use(LiveStatusContext);
}

/** The fallback polling period while the socket is down (the simulator ticks every second). */
const POLL_MS = 2_000;
/** Pushed data still refreshes now and then, in case an update was lost. */
const SAFETY_MS = 15_000;
/** A failing call is retried slowly: its error was shown once already. */
const AFTER_ERROR_MS = 10_000;

/**
 * The refetch interval of a pair query: data the socket pushes polls only while it is down; data it
 * does not push polls always.
 */
export function useRefetchInterval(pushed: boolean, period = POLL_MS) {
  const status = useLiveStatus();
  const ms = pushed && status === 'live' ? SAFETY_MS : period;
  return (query: { state: { status: string } }) => (query.state.status === 'error' ? AFTER_ERROR_MS : ms);
}
