import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { parseAllowList } from './allow-list.ts';
import { guardedSocketAgents } from './guarded-socket-agent.ts';
import { OutboundGuard, OutboundRefusedError } from './outbound-guard.ts';

const allowing = (entries: string, table: Record<string, string[]>) => {
  const parsed = parseAllowList(entries);
  if (!parsed.ok) throw new Error(parsed.bad.join());
  const asked: string[] = [];
  const guard = new OutboundGuard({
    allow: parsed.list,
    resolve: async (host) => {
      asked.push(host);
      const found = table[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    },
  });
  const pinned: string[] = [];
  const pin = (host: string) => (pinned.push(host), guard.pin(host));
  return { guard: { pin }, pinned, asked };
};

/** Opens a socket and answers how it went: its first message, or the error that failed it. */
function open(url: string, agent: import('node:http').Agent): Promise<{ message: string } | { error: Error }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { agent });
    socket.once('message', (data: Buffer) => {
      resolve({ message: data.toString() });
      socket.close();
    });
    socket.once('error', (error) => resolve({ error }));
  });
}

describe('the guard on WebSocket connections (a platform’s WebSocket base)', () => {
  let server: WebSocketServer;
  let port: number;
  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (socket, request) => socket.send(`hello ${request.url}`));
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('connects a name the guard allows to the address it pinned', async () => {
    const { guard, pinned, asked } = allowing('127.0.0.0/8', { 'venue.test': ['127.0.0.1'] });
    const agents = guardedSocketAgents(guard);
    const url = `ws://venue.test:${port}/ws/btcusdt@depth`;
    expect(await open(url, agents.forUrl(url))).toEqual({ message: 'hello /ws/btcusdt@depth' });
    expect(pinned).toEqual(['venue.test']);
    expect(asked).toEqual(['venue.test']);
  });

  it('refuses a name that resolves inside (a re-pointed name), and a literal address outside the allow-list, without connecting', async () => {
    const { guard, pinned } = allowing('', { 'venue.test': ['127.0.0.1'] });
    const agents = guardedSocketAgents(guard);
    let connections = 0;
    const count = () => connections++;
    server.on('connection', count);
    try {
      for (const url of [`ws://venue.test:${port}/ws`, `ws://127.0.0.1:${port}/ws`]) {
        const result = await open(url, agents.forUrl(url));
        expect('error' in result && result.error).toBeInstanceOf(OutboundRefusedError);
      }
    } finally {
      server.off('connection', count);
    }
    expect(pinned).toEqual(['venue.test', '127.0.0.1']);
    expect(connections).toBe(0);
  });

  it('gives wss:// URLs the TLS agent and ws:// ones the plain one', () => {
    const agents = guardedSocketAgents(allowing('', {}).guard);
    expect(agents.forUrl('wss://stream.example/ws')).not.toBe(agents.forUrl('ws://stream.example/ws'));
    expect(agents.forUrl('WSS://a/b')).toBe(agents.forUrl('wss://c/d'));
    expect(agents.forUrl('wss://a')).toHaveProperty('protocol', 'https:');
    expect(agents.forUrl('ws://a')).toHaveProperty('protocol', 'http:');
  });
});
