import type { SimCommand, SimJournal } from '../sim-journal.ts';

/**
 * A journal in memory for tests: it keeps each command as storage would (a JSON round trip) and
 * makes it durable at once, or only when the test says so (`flush`), or never (`fail`).
 */
export class MemoryJournal implements SimJournal {
  readonly commands: SimCommand[] = [];
  private waiting: { resolve: () => void; reject: (err: unknown) => void }[] = [];

  constructor(private readonly durability: 'instant' | 'manual' = 'instant') {}

  append(command: SimCommand): Promise<void> {
    this.commands.push(JSON.parse(JSON.stringify(command)) as SimCommand);
    if (this.durability === 'instant') return Promise.resolve();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** Makes every command so far durable, oldest first. */
  flush(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const w of waiting) w.resolve();
  }

  /** Tells every waiting command it will never be durable. */
  fail(err: unknown): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const w of waiting) w.reject(err);
  }
}

/** Lets every callback queued on settled promises run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
