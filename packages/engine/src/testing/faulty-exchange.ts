import { ExchangeError, type Exchange } from '@makerdesk/exchange';
import { interceptExchange, type VenueCall } from '../runtime/intercept-exchange.ts';

/**
 * What can go wrong with one venue request, the failures users of other engines report:
 * - hang: the request never reaches the venue and no answer comes (a timeout);
 * - hang-after: the venue does it, the answer never comes (a timeout after acceptance);
 * - 5xx-after: the venue does it, then the gateway answers 502;
 * - lose-answer: the venue does it, the connection drops before the answer;
 * - reset: the connection is reset before the venue sees the request;
 * - rate-limit: 429 with Retry-After (`retryAfterMs`; absent: none said), not done.
 */
export type Fault =
  | { kind: 'hang' }
  | { kind: 'hang-after' }
  | { kind: '5xx-after' }
  | { kind: 'lose-answer' }
  | { kind: 'reset' }
  | { kind: 'rate-limit'; retryAfterMs?: number };

export const faults = {
  hang: { kind: 'hang' },
  hangAfter: { kind: 'hang-after' },
  gateway5xxAfter: { kind: '5xx-after' },
  loseAnswer: { kind: 'lose-answer' },
  reset: { kind: 'reset' },
  rateLimit: (retryAfterMs?: number): Fault => (retryAfterMs === undefined ? { kind: 'rate-limit' } : { kind: 'rate-limit', retryAfterMs }),
} satisfies Record<string, Fault | ((ms?: number) => Fault)>;

interface Script {
  method: VenueCall | '*';
  fault: Fault;
  times: number;
  when?: (args: readonly unknown[]) => boolean;
}

/**
 * A scripted venue: wraps a real one (a simulator account) and makes chosen requests fail the way
 * networks and venues do. Counts requests made to it (`attempts`) and those that reached the venue
 * (`sent`), per method.
 */
export class FaultyExchange {
  readonly exchange: Exchange;
  readonly attempts = new Map<string, number>();
  readonly sent = new Map<string, number>();
  /** Every request that reached the venue, in order. */
  readonly log: { method: VenueCall; args: readonly unknown[] }[] = [];
  /** Chooses a fault for requests no script matched (the property test's chaos); null = none. */
  chaos: ((method: VenueCall) => Fault | null) | null = null;
  private scripts: Script[] = [];

  /** `capabilities` overrides what the inner venue says (a simulator account acting as a venue without batch cancel). */
  constructor(inner: Exchange, capabilities?: Partial<Exchange['capabilities']>) {
    this.exchange = interceptExchange(inner, (method, send, args) => this.request(method, send, args), capabilities);
  }

  /** The next `times` requests of `method` (matching `when`) suffer `fault`. */
  inject(method: VenueCall | '*', fault: Fault, options: { times?: number; when?: (args: readonly unknown[]) => boolean } = {}): this {
    this.scripts.push({ method, fault, times: options.times ?? 1, ...(options.when ? { when: options.when } : {}) });
    return this;
  }

  /** Drops every script not yet used up. */
  heal(): void {
    this.scripts = [];
    this.chaos = null;
  }

  count(method: VenueCall, of: 'attempts' | 'sent' = 'sent'): number {
    return this[of].get(method) ?? 0;
  }

  private async request<T>(method: VenueCall, send: () => Promise<T>, args: readonly unknown[]): Promise<T> {
    bump(this.attempts, method);
    const fault = this.take(method, args) ?? this.chaos?.(method) ?? null;
    const reach = (): Promise<T> => {
      bump(this.sent, method);
      this.log.push({ method, args });
      return send();
    };
    if (fault === null) return reach();
    switch (fault.kind) {
      case 'hang':
        return new Promise<T>(() => {});
      case 'hang-after':
        await reach().catch(() => undefined);
        return new Promise<T>(() => {});
      case '5xx-after':
        await reach().catch(() => undefined);
        throw new ExchangeError('venue_error', 'HTTP 502 Bad Gateway', { status: 502 });
      case 'lose-answer':
        await reach().catch(() => undefined);
        throw new ExchangeError('network', 'socket hang up', { code: 'ECONNRESET' });
      case 'reset':
        throw new ExchangeError('network', 'read ECONNRESET', { code: 'ECONNRESET' });
      case 'rate-limit':
        throw new ExchangeError('rate_limited', 'HTTP 429 Too Many Requests', fault.retryAfterMs === undefined ? { status: 429 } : { status: 429, retryAfterMs: fault.retryAfterMs });
    }
  }

  private take(method: VenueCall, args: readonly unknown[]): Fault | null {
    const script = this.scripts.find((s) => (s.method === '*' || s.method === method) && s.times > 0 && (!s.when || s.when(args)));
    if (!script) return null;
    script.times--;
    if (script.times === 0) this.scripts = this.scripts.filter((s) => s !== script);
    return script.fault;
  }
}

function bump(counts: Map<string, number>, method: string): void {
  counts.set(method, (counts.get(method) ?? 0) + 1);
}
