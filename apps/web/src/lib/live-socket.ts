import { API_PREFIX, LIVE_SOCKET_CLOSE, paths, type Lang, type LiveClientMessage } from '@makerdesk/contract';
import { currentLang } from './i18n';

const PING_MS = 25_000;

export type LiveSocketState = 'connecting' | 'ready' | 'down' | 'unauthorized';

/**
 * `/backend/ws` on the page's own host, `wss:` when the page is served over TLS, in the console's
 * language (what the server pushes for people, incidents and errors, is written in it).
 */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location, lang: Lang = currentLang()): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${API_PREFIX}${paths.liveSocket}?lang=${lang}`;
}

/** Exponential backoff with jitter: about 1, 2, 4 … s, capped at 30 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random, initialMs = 1000, maxMs = 30_000): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.75 + random() * 0.5));
}

type SocketFactory = (url: string) => WebSocket;

export interface LiveSocketOptions {
  url?: string;
  token: () => string | null;
  /** Every message after authentication, parsed from JSON (the caller checks it against the contract). */
  onMessage: (message: unknown) => void;
  onStateChange: (state: LiveSocketState) => void;
  createSocket?: SocketFactory;
  random?: () => number;
}

/**
 * The console's one WebSocket: authenticates with the stored token (never in the URL), keeps the
 * connection alive with pings, and reconnects with backoff until stopped. A 4401 close ends the
 * retries: the session is over and the next HTTP call takes the user to Login.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private stopped = true;

  constructor(private readonly options: LiveSocketOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.teardown();
  }

  /** Sends when the connection is open; a message sent while down is dropped (the caller resends on ready). */
  send(message: LiveClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private connect(): void {
    const token = this.options.token();
    if (!token) {
      this.options.onStateChange('unauthorized');
      return;
    }
    this.options.onStateChange('connecting');
    let socket: WebSocket;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url ?? liveSocketUrl());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const auth: LiveClientMessage = { type: 'auth', token };
      socket.send(JSON.stringify(auth));
    };
    socket.onmessage = (event: MessageEvent) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if ((message as { type?: unknown }).type === 'ready') {
        this.attempt = 0;
        this.startPing();
        this.options.onStateChange('ready');
      }
      this.options.onMessage(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.teardown();
      if (this.stopped) return;
      // The session is gone: sign in again, do not retry (any other close is retried with backoff).
      if (event.code === LIVE_SOCKET_CLOSE.unauthorized) {
        this.options.onStateChange('unauthorized');
        return;
      }
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    this.options.onStateChange('down');
    if (this.stopped) return;
    const delay = backoffDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private startPing(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_MS);
  }

  private teardown(): void {
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
    }
  }
}
