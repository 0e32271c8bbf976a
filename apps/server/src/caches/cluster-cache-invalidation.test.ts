import { describe, expect, it } from 'vitest';
import type { ClusterListener } from '../bus/cluster-bus.ts';
import { CACHE_INVALIDATE_TOPIC, parseInvalidation, shareCacheInvalidations } from './cluster-cache-invalidation.ts';
import { HotCaches } from './hot-caches.ts';

/** A bus double: records what is published, and lets a test deliver a message as if from another node. */
function fakeBus(nodeId = 'me') {
  const published: [string, unknown][] = [];
  const listeners = new Map<string, ClusterListener[]>();
  const reconnects: (() => void)[] = [];
  return {
    nodeId,
    published,
    publish: (topic: string, payload: unknown) => void published.push([topic, payload]),
    subscribe: <T>(topic: string, listener: ClusterListener<T>) => {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener as ClusterListener]);
      return () => listeners.set(topic, (listeners.get(topic) ?? []).filter((l) => l !== listener));
    },
    onReconnect: (listener: () => void) => {
      reconnects.push(listener);
      return () => undefined;
    },
    arrive: (topic: string, payload: unknown, from: string) => {
      for (const listener of listeners.get(topic) ?? []) listener(payload, from);
    },
    reconnect: () => reconnects.forEach((listener) => listener()),
  };
}

function filled(): HotCaches {
  const caches = new HotCaches();
  const admin = (id: number) => ({ id }) as never;
  caches.sessions.store('t1', { principal: { admin: admin(1), sessionId: 's1' }, expiresAt: Date.now() + 60_000 }, 0);
  caches.sessions.store('t2', { principal: { admin: admin(2), sessionId: 's2' }, expiresAt: Date.now() + 60_000 }, 0);
  caches.materials.store('1:5', {} as never, 0);
  caches.materials.store('2:5', {} as never, 0);
  caches.bindings.store('1:5', true, 0);
  caches.coins.store(5, {} as never, 0);
  caches.coins.store(6, {} as never, 0);
  caches.platforms.store('all', [], 0);
  return caches;
}

describe('shareCacheInvalidations', () => {
  it('applies a change here at once and publishes it; one from another node is applied without publishing again', () => {
    const caches = filled();
    const bus = fakeBus();
    shareCacheInvalidations(caches, bus);

    caches.pairChanged(5);
    expect([caches.coins.lookup(5), caches.coins.lookup(6)]).toEqual([undefined, {}]);
    caches.accountChanged(1);
    expect([caches.sessions.lookup('t1'), caches.materials.lookup('1:5'), caches.bindings.lookup('1:5')]).toEqual([undefined, undefined, undefined]);
    expect(caches.sessions.lookup('t2')).toBeDefined();
    caches.platformsChanged();
    expect(bus.published).toEqual([
      [CACHE_INVALIDATE_TOPIC, { kind: 'pair', id: 5 }],
      [CACHE_INVALIDATE_TOPIC, { kind: 'account', id: 1 }],
      [CACHE_INVALIDATE_TOPIC, { kind: 'platforms' }],
    ]);

    bus.arrive(CACHE_INVALIDATE_TOPIC, { kind: 'credentials', id: 2 }, 'other');
    bus.arrive(CACHE_INVALIDATE_TOPIC, { kind: 'pair', id: 6 }, 'other');
    expect([caches.materials.lookup('2:5'), caches.coins.lookup(6)]).toEqual([undefined, undefined]);
    // Its own notices coming back change nothing more, and nothing arriving is published again.
    bus.arrive(CACHE_INVALIDATE_TOPIC, { kind: 'account', id: 2 }, 'me');
    expect(caches.sessions.lookup('t2')).toBeDefined();
    expect(bus.published).toHaveLength(3);
  });

  it('ignores malformed changes, and drops everything when the bus reconnects', () => {
    const caches = filled();
    const bus = fakeBus();
    shareCacheInvalidations(caches, bus);
    for (const junk of [null, 'pair', { kind: 'pair' }, { kind: 'pair', id: '5' }, { kind: 'everything', id: 1 }]) bus.arrive(CACHE_INVALIDATE_TOPIC, junk, 'other');
    expect(caches.coins.size + caches.sessions.size).toBe(4);
    bus.reconnect();
    expect([caches.sessions.size, caches.materials.size, caches.coins.size, caches.bindings.size, caches.platforms.size]).toEqual([0, 0, 0, 0, 0]);
  });

  it('parses only the known kinds', () => {
    expect(parseInvalidation({ kind: 'bindings', id: 3 })).toEqual({ kind: 'bindings', id: 3 });
    expect(parseInvalidation({ kind: 'platforms', id: 3 })).toEqual({ kind: 'platforms' });
    expect(parseInvalidation({ kind: 'account', id: 1.5 })).toBeNull();
  });
});
