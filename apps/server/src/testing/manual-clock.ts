import type { AlertClock } from '../alerts/clock.ts';

/** A clock that moves only when told: sleepers wake in time order as `advance` passes their time. */
export class ManualClock implements AlertClock {
  private sleepers: { at: number; wake: () => void }[] = [];
  constructor(private time = 1_700_000_000_000) {}

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.sleepers.push({ at: this.time + Math.max(0, ms), wake }));
  }

  /** Moves time forward by `ms`, waking each sleeper at its own time and letting its work run before the next. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (;;) {
      this.sleepers.sort((a, b) => a.at - b.at);
      const next = this.sleepers[0];
      if (!next || next.at > end) break;
      this.sleepers.shift();
      this.time = Math.max(this.time, next.at);
      next.wake();
      await settle();
    }
    this.time = end;
    await settle();
  }

  get waiting(): number {
    return this.sleepers.length;
  }
}

/** Lets promise chains (in-memory repositories, fake senders) run to their next real wait. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
