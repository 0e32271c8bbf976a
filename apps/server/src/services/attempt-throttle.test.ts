import { describe, expect, it } from 'vitest';
import { AttemptThrottle } from './attempt-throttle.ts';

describe('AttemptThrottle', () => {
  it('allows up to the limit inside the window, then refuses with the seconds left', () => {
    let now = 1_000_000;
    const throttle = new AttemptThrottle({ limit: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.check('a')).toEqual({ allowed: true });
      throttle.record('a');
      now += 1000;
    }
    expect(throttle.check('a')).toEqual({ allowed: false, retryAfterSeconds: 57 });
    expect(throttle.check('b')).toEqual({ allowed: true });
  });

  it('forgets events once they leave the window', () => {
    let now = 0;
    const throttle = new AttemptThrottle({ limit: 2, windowMs: 10_000 }, () => now);
    throttle.record('k');
    now = 5_000;
    throttle.record('k');
    expect(throttle.check('k').allowed).toBe(false);
    now = 10_001;
    expect(throttle.check('k')).toEqual({ allowed: true });
  });

  it('reset clears a key', () => {
    const throttle = new AttemptThrottle({ limit: 1, windowMs: 10_000 }, () => 0);
    throttle.record('k');
    expect(throttle.check('k').allowed).toBe(false);
    throttle.reset('k');
    expect(throttle.check('k').allowed).toBe(true);
  });
});
