import { storageKeys } from '@makerdesk/contract';

interface SessionState {
  shownNotices: number[];
}

function read(): SessionState {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKeys.session) ?? '{}');
    const shown = (parsed as Partial<SessionState>).shownNotices;
    return { shownNotices: Array.isArray(shown) ? shown.filter((c) => typeof c === 'number') : [] };
  } catch {
    return { shownNotices: [] };
  }
}

/**
 * Suspended-account and pair notices appear once per browser session (spec §8, §9): true the first
 * time a code is asked about, false afterwards.
 */
export function firstTimeThisSession(code: number): boolean {
  const state = read();
  if (state.shownNotices.includes(code)) return false;
  sessionStorage.setItem(storageKeys.session, JSON.stringify({ ...state, shownNotices: [...state.shownNotices, code] }));
  return true;
}
