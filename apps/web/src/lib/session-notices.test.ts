import { storageKeys } from '@makerdesk/contract';
import { describe, expect, it } from 'vitest';
import { firstTimeThisSession } from './session-notices';

describe('firstTimeThisSession', () => {
  it('answers true once per code, then false', () => {
    expect(firstTimeThisSession(3000401)).toBe(true);
    expect(firstTimeThisSession(3000401)).toBe(false);
    expect(firstTimeThisSession(4000401)).toBe(true);
  });

  it('keeps its record in sessionStorage under the session key', () => {
    firstTimeThisSession(2000401);
    expect(JSON.parse(sessionStorage.getItem(storageKeys.session) ?? '{}')).toEqual({ shownNotices: [2000401] });
  });

  it('starts afresh when the stored record is unreadable', () => {
    sessionStorage.setItem(storageKeys.session, 'not json');
    expect(firstTimeThisSession(2000401)).toBe(true);
  });
});
