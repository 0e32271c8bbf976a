/** Who listens to what: public events per pair, and an account's own events on its subscriptions. */
import type { ExchangeEvent } from '../exchange.ts';

interface Subscription {
  readonly symbol: string;
  /** The subscribing account's ledger id. */
  readonly account: string;
  readonly listener: (event: ExchangeEvent) => void;
}

export class EventHub {
  private readonly bySymbol = new Map<string, Set<Subscription>>();
  private readonly byAccount = new Map<string, Set<Subscription>>();

  add(symbol: string, account: string, listener: (event: ExchangeEvent) => void): () => void {
    const subscription: Subscription = { symbol, account, listener };
    setOf(this.bySymbol, symbol).add(subscription);
    setOf(this.byAccount, account).add(subscription);
    return () => {
      dropFrom(this.bySymbol, symbol, subscription);
      dropFrom(this.byAccount, account, subscription);
    };
  }

  watchesPair(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  watchesAccount(account: string): boolean {
    return this.byAccount.has(account);
  }

  /** To every subscription of the pair. */
  toPair(symbol: string, event: ExchangeEvent): void {
    for (const subscription of [...(this.bySymbol.get(symbol) ?? [])]) deliver(subscription, event);
  }

  /** To the account's subscriptions of the pair. */
  toAccountPair(account: string, symbol: string, event: ExchangeEvent): void {
    for (const subscription of [...(this.byAccount.get(account) ?? [])]) {
      if (subscription.symbol === symbol) deliver(subscription, event);
    }
  }

  /** To each of the account's subscriptions, whatever its pair. */
  toAccount(account: string, event: ExchangeEvent): void {
    for (const subscription of [...(this.byAccount.get(account) ?? [])]) deliver(subscription, event);
  }
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

function dropFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set === undefined) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

/** A listener's failure is its own: it must not undo or interrupt the venue's work. */
function deliver(subscription: Subscription, event: ExchangeEvent): void {
  try {
    subscription.listener(event);
  } catch {
    // Deliberately ignored, see above.
  }
}
