import { describe, expect, it } from 'vitest';
import { FeedState } from './feed-state.ts';

describe('FeedState', () => {
  it('streams until a stream fails, polls (down) until every stream delivers again; since moves with the mode', () => {
    const state = new FeedState(true, 100);
    expect(state.status()).toEqual({ mode: 'stream', since: 100, reason: null });
    state.up('book', 150);
    expect(state.status()).toEqual({ mode: 'stream', since: 100, reason: null });
    state.failed('book', 200);
    state.failed('trades', 210);
    expect(state.status()).toEqual({ mode: 'polling', since: 200, reason: 'down' });
    state.up('book', 300);
    expect([state.status(), state.isDown('trades'), state.isDown('book')]).toEqual([{ mode: 'polling', since: 200, reason: 'down' }, true, false]);
    state.up('trades', 400);
    expect(state.status()).toEqual({ mode: 'stream', since: 400, reason: null });
  });
  it('a venue without a stream polls, unsupported, whatever happens', () => {
    const state = new FeedState(false, 5);
    state.up('book', 10);
    expect(state.status()).toEqual({ mode: 'polling', since: 5, reason: 'unsupported' });
  });
});
