import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { readToken } from '@/lib/auth';
import { LiveSocket } from '@/lib/live-socket';
import { pairQueriesKey } from '../query-keys';
import { cacheChangesFor, parseLiveMessage } from './live-cache';
import { LiveStatusContext, type LiveStatus } from './live-status';

/**
 * Streams a pair over `/backend/ws` into the query cache. While the socket is down (or refuses the
 * pair) the status says so and the queries poll instead; it reconnects with backoff.
 */
export function useLiveUpdates(coinId: number): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    const socket: LiveSocket = new LiveSocket({
      token: readToken,
      onStateChange: (state) => {
        if (state === 'ready') socket.send({ type: 'subscribe', coinId });
        else setStatus(state === 'connecting' ? 'connecting' : 'polling');
      },
      onMessage: (raw) => {
        const message = parseLiveMessage(raw);
        if (!message) return;
        if (message.type === 'error') {
          setStatus('polling');
          return;
        }
        if (!('coinId' in message) || message.coinId !== coinId) return;
        if (message.type === 'subscribed') {
          setStatus('live');
          // Whatever changed while the socket was down is fetched once; from here on it is pushed.
          void queryClient.invalidateQueries({ queryKey: pairQueriesKey(coinId) }, { cancelRefetch: false });
          return;
        }
        for (const change of cacheChangesFor(message)) {
          if (change.kind === 'set') queryClient.setQueryData(change.queryKey, change.update);
          else void queryClient.invalidateQueries({ queryKey: change.queryKey });
        }
      },
    });
    socket.start();
    return () => socket.stop();
  }, [coinId, queryClient]);

  return status;
}

/** Gives the pair's live status to the queries below, which poll only while it is not live. */
export function LiveUpdates({ coinId, children }: { coinId: number; children: ReactNode }) {
  const status = useLiveUpdates(coinId);
  return <LiveStatusContext value={status}>{children}</LiveStatusContext>;
}
