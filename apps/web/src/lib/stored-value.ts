import { useSyncExternalStore } from 'react';

/** A value kept in localStorage (or sessionStorage) that React can subscribe to. */
export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

interface Codec<T> {
  /** Turns the raw stored text into a value; malformed text reads as the fallback. */
  parse(raw: string): T | undefined;
  serialize(value: T): string;
}

const listeners = new Set<() => void>();

/** Every stored value re-reads its key: used after bulk clears and when another tab changes storage. */
export function notifyStorageChanged(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') window.addEventListener('storage', notifyStorageChanged);

export const textCodec: Codec<string> = { parse: (raw) => raw, serialize: (value) => value };

export function storedValue<T>(key: string, codec: Codec<T>, fallback: T, storage: () => Storage = () => localStorage): StoredValue<T> {
  // The parsed value is cached per raw text so that useSyncExternalStore sees a stable reference.
  let cachedRaw: string | null | undefined;
  let cachedValue = fallback;
  const read = (): T => {
    const raw = storage().getItem(key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedValue = raw === null ? fallback : (codec.parse(raw) ?? fallback);
    }
    return cachedValue;
  };
  return {
    get: read,
    set(value) {
      storage().setItem(key, codec.serialize(value));
      notifyStorageChanged();
    },
    clear() {
      storage().removeItem(key);
      notifyStorageChanged();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStoredValue<T>(value: StoredValue<T>): T {
  return useSyncExternalStore(value.subscribe, value.get, value.get);
}
