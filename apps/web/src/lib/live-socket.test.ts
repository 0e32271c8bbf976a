import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, LiveSocket, liveSocketUrl, type LiveSocketState } from './live-socket';

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const states: LiveSocketState[] = [];
  const messages: unknown[] = [];
  const live = new LiveSocket({
    url: 'ws://x/backend/ws',
    token: () => token,
    onMessage: (m) => messages.push(m),
    onStateChange: (s) => states.push(s),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0.5,
  });
  return { live, sockets, states, messages };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live socket', () => {
  it('builds the address from the page protocol', () => {
    expect(liveSocketUrl({ protocol: 'http:', host: 'desk:8080' }, 'en_US')).toBe('ws://desk:8080/backend/ws?lang=en_US');
    expect(liveSocketUrl({ protocol: 'https:', host: 'desk.example' }, 'zh_CN')).toBe('wss://desk.example/backend/ws?lang=zh_CN');
  });

  it('backs off exponentially up to 30 s', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 10].map((a) => backoffDelay(a, mid))).toEqual([1000, 2000, 4000, 8000, 30000]);
  });

  it('authenticates with the token in the first message and reports ready', () => {
    const { live, sockets, states, messages } = setup();
    live.start();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'auth', token: 'tok' }]);
    sockets[0]!.receive({ type: 'ready' });
    expect(states).toEqual(['connecting', 'ready']);
    expect(messages).toEqual([{ type: 'ready' }]);
  });

  it('reconnects after a drop, with growing delays', () => {
    const { live, sockets, states } = setup();
    live.start();
    sockets[0]!.drop();
    expect(states.at(-1)).toBe('down');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it('stops retrying when the server says sign in again', () => {
    const { live, sockets, states } = setup();
    live.start();
    sockets[0]!.open();
    sockets[0]!.drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(states.at(-1)).toBe('unauthorized');
  });

  it('does not connect without a token, and stop() ends the retries', () => {
    const none = setup(null);
    none.live.start();
    expect(none.sockets).toHaveLength(0);
    expect(none.states).toEqual(['unauthorized']);

    const { live, sockets } = setup();
    live.start();
    sockets[0]!.drop();
    live.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
