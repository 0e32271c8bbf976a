/**
 * Binance's listen keys (`POST/PUT/DELETE /api/v3/userDataStream`): one per API key, valid 60
 * minutes after its creation or last keepalive. Creating again while one is valid answers the same
 * key and extends it. Pure bookkeeping on a clock the caller passes.
 */
import { randomBytes } from 'node:crypto';
import { BinanceError } from '../binance-errors.ts';

export const LISTEN_KEY_VALIDITY_MS = 60 * 60 * 1000;

export const listenKeyErrors = {
  notFound: () => new BinanceError(-1125, 'This listenKey does not exist.'),
};

interface Entry {
  apiKey: string;
  expiresAt: number;
}

export class ListenKeys {
  private readonly byListenKey = new Map<string, Entry>();
  private readonly byApiKey = new Map<string, string>();

  constructor(private readonly validityMs = LISTEN_KEY_VALIDITY_MS) {}

  /** The API key's valid listen key (extended), or a new one. */
  create(apiKey: string, now: number): string {
    this.expire(now);
    const existing = this.byApiKey.get(apiKey);
    if (existing !== undefined) {
      this.byListenKey.get(existing)!.expiresAt = now + this.validityMs;
      return existing;
    }
    const listenKey = randomBytes(32).toString('base64url').slice(0, 60);
    this.byListenKey.set(listenKey, { apiKey, expiresAt: now + this.validityMs });
    this.byApiKey.set(apiKey, listenKey);
    return listenKey;
  }

  /** Extends a valid key of `apiKey`'s another 60 minutes; -1125 otherwise. */
  keepAlive(apiKey: string, listenKey: string, now: number): void {
    const entry = this.valid(listenKey, now);
    if (entry === undefined || entry.apiKey !== apiKey) throw listenKeyErrors.notFound();
    entry.expiresAt = now + this.validityMs;
  }

  /** Closes a key of `apiKey`'s; -1125 when there is none. */
  close(apiKey: string, listenKey: string, now: number): void {
    const entry = this.valid(listenKey, now);
    if (entry === undefined || entry.apiKey !== apiKey) throw listenKeyErrors.notFound();
    this.drop(listenKey);
  }

  /** The API key a valid listen key belongs to. */
  owner(listenKey: string, now: number): string | undefined {
    return this.valid(listenKey, now)?.apiKey;
  }

  /** When the key stops being valid (undefined: not valid now). */
  expiresAt(listenKey: string, now: number): number | undefined {
    return this.valid(listenKey, now)?.expiresAt;
  }

  /** Forgets the keys past their time, answering them. */
  expire(now: number): string[] {
    const gone: string[] = [];
    for (const [listenKey, entry] of this.byListenKey) if (entry.expiresAt <= now) gone.push(listenKey);
    for (const listenKey of gone) this.drop(listenKey);
    return gone;
  }

  private valid(listenKey: string, now: number): Entry | undefined {
    const entry = this.byListenKey.get(listenKey);
    if (entry === undefined || entry.expiresAt <= now) return undefined;
    return entry;
  }

  private drop(listenKey: string): void {
    const entry = this.byListenKey.get(listenKey);
    if (entry === undefined) return;
    this.byListenKey.delete(listenKey);
    if (this.byApiKey.get(entry.apiKey) === listenKey) this.byApiKey.delete(entry.apiKey);
  }
}
