import type { ClusterBus } from '../bus/cluster-bus.ts';
import type { CacheInvalidation, HotCaches } from './hot-caches.ts';

/** The cluster bus topic of cache invalidations. */
export const CACHE_INVALIDATE_TOPIC = 'caches.invalidate';

/**
 * Makes every server's caches hear each change announced on any one: a change announced here
 * (`caches.accountChanged(id)`...) is applied here at once and published; one arriving from another
 * server is applied here without being published again. When the bus reconnects (notices were
 * missed) the caches drop everything. Returns the function that stops sharing.
 */
export function shareCacheInvalidations(caches: HotCaches, bus: Pick<ClusterBus, 'nodeId' | 'publish' | 'subscribe' | 'onReconnect'>): () => void {
  const stops = [
    caches.onInvalidate((change) => bus.publish(CACHE_INVALIDATE_TOPIC, change)),
    bus.subscribe(CACHE_INVALIDATE_TOPIC, (payload, from) => {
      if (from === bus.nodeId) return;
      const change = parseInvalidation(payload);
      if (change) caches.apply(change);
    }),
    bus.onReconnect?.(() => caches.clear()) ?? (() => undefined),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

const withId = new Set(['account', 'credentials', 'bindings', 'pair']);

/** A change as another server sent it, or null when it is not one. */
export function parseInvalidation(payload: unknown): CacheInvalidation | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { kind, id } = payload as { kind?: unknown; id?: unknown };
  if (kind === 'platforms') return { kind };
  if (typeof kind === 'string' && withId.has(kind) && typeof id === 'number' && Number.isSafeInteger(id)) return { kind: kind as 'account', id };
  return null;
}
