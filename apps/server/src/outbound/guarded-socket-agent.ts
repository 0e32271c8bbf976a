import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { parseIp } from './ip-address.ts';
import type { OutboundGuard } from './outbound-guard.ts';

type ConnectOptions = http.ClientRequestArgs & tls.ConnectionOptions;
type Created = (err: Error | null, socket?: Duplex) => void;

/**
 * The WebSocket side of the outbound guard (issue 19): a Node HTTP agent for the upgrade requests of
 * a platform's WebSocket base (ccxt.pro's `ws` connections take it as their `agent`). As
 * `guardedAgent` does for REST, every connection goes to the address the guard pinned for its host,
 * decided inside the connect: a literal address is checked too (net's own lookup never sees one),
 * and a name cannot be re-pointed inside between the check and the connect. A refused destination
 * fails the upgrade with OutboundRefusedError. `secure`: an agent for `wss://`, TLS still naming and
 * checking the host that was asked for.
 */
export function guardedSocketAgent(guard: Pick<OutboundGuard, 'pin'>, secure: boolean): http.Agent {
  const connect = (options: ConnectOptions, created: Created): undefined => {
    const host = options.host ?? options.hostname ?? 'localhost';
    guard.pin(host).then(
      (address) => {
        const servername = options.servername ?? (parseIp(host) ? undefined : host);
        const socket = secure ? tls.connect({ ...options, host: address, ...(servername ? { servername } : {}) }) : net.connect({ ...options, host: address } as net.NetConnectOpts);
        created(null, socket);
      },
      (err: unknown) => created(err instanceof Error ? err : new Error(String(err))),
    );
    return undefined;
  };
  // Node's agents call createConnection(options, callback) and take a socket given to the callback
  // when it answers none: the pin is asynchronous.
  const agent = secure ? new https.Agent() : new http.Agent();
  (agent as unknown as { createConnection: typeof connect }).createConnection = connect;
  return agent;
}

/** One agent per scheme, for a server's every platform WebSocket base. */
export interface GuardedSocketAgents {
  forUrl(url: string): http.Agent;
}

export function guardedSocketAgents(guard: Pick<OutboundGuard, 'pin'>): GuardedSocketAgents {
  const plain = guardedSocketAgent(guard, false);
  const secure = guardedSocketAgent(guard, true);
  return { forUrl: (url) => (/^wss:/i.test(url) ? secure : plain) };
}
