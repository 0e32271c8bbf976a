import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { parseIp } from './ip-address.ts';
import type { OutboundGuard } from './outbound-guard.ts';

/**
 * An HTTP agent whose every connection goes to the address the guard pinned for its host: the
 * name is resolved once, inside the connect, so no later lookup can lead it elsewhere. A refused
 * destination fails the request with OutboundRefusedError as its cause.
 */
export function guardedAgent(guard: Pick<OutboundGuard, 'pin'>, connectTimeoutMs = 10_000): Agent {
  const connect = buildConnector({ timeout: connectTimeoutMs });
  return new Agent({
    connect: (options, callback) => {
      guard.pin(options.hostname).then(
        (address) => {
          // TLS still names and checks the host that was asked for.
          const servername = options.servername ?? (parseIp(options.hostname) ? undefined : options.hostname);
          connect({ ...options, hostname: address, ...(servername ? { servername } : {}) }, callback);
        },
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
      );
    },
  });
}

/** fetch through the guarded agent; a redirect is never followed ('error' refuses it, anything else answers it as it is). */
export function guardedFetch(agent: Agent): typeof fetch {
  const send = (input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as string, { ...(init as object), dispatcher: agent, redirect: init?.redirect === 'error' ? 'error' : 'manual' });
  // undici's fetch is the one Node ships; only its type declarations differ from the DOM's.
  return send as unknown as typeof fetch;
}

/** The guarded HTTP every user-directed call shares: one agent (so kept-alive connections are reused), its fetch. */
export interface OutboundHttp {
  guard: OutboundGuard;
  fetch: typeof fetch;
  close(): Promise<void>;
}

export function outboundHttp(guard: OutboundGuard): OutboundHttp {
  const agent = guardedAgent(guard);
  return { guard, fetch: guardedFetch(agent), close: () => agent.close() };
}
