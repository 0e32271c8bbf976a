import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown started with `start(seconds)`; 0 when idle. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState(0);
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (endsAt === 0) return undefined;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setEndsAt(0);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => setEndsAt(Date.now() + seconds * 1000), []);
  return [left, start];
}
