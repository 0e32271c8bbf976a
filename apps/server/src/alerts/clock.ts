/** Time as the dispatcher sees it, so its throttle and back-off are tested without waiting. */
export interface AlertClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: AlertClock = {
  now: () => Date.now(),
  sleep: (ms) =>
    new Promise((resolve) => {
      // Unref'd: a pending back-off never keeps the process alive on its own.
      setTimeout(resolve, Math.max(0, ms)).unref?.();
    }),
};
