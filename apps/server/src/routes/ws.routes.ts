import {
  ErrorCode,
  LIVE_SOCKET_AUTH_TIMEOUT_MS,
  LIVE_SOCKET_CLOSE,
  LIVE_SOCKETS_PER_ACCOUNT,
  LIVE_SOCKETS_PER_ADDRESS,
  liveClientMessage,
  messageFor,
  parseLang,
  paths,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@makerdesk/contract';
import type { ExchangeEvent } from '@makerdesk/exchange';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Principal } from '../domain/account.ts';
import { AppError } from '../domain/app-error.ts';
import { addressKey } from '../security/client-address.ts';
import type { Services } from '../services/services.ts';
import { KeyedSlots } from '../sessions/keyed-slots.ts';
import { PairStream } from '../sessions/pair-stream.ts';
import { SessionConnections } from '../sessions/session-connections.ts';
import { toAppError } from '../domain/exchange-errors.ts';
import { renderIncident } from '../services/incidents/incident.service.ts';

/**
 * A revoked session's sockets close as soon as the revocation is announced; this periodic check
 * catches what no notice says (a session that expires) and a notice that never came.
 */
const SESSION_RECHECK_MS = 30_000;

/** How long a socket may go unauthenticated, and how many sockets one account and one client address may hold on this server. */
export interface LiveSocketLimits {
  authTimeoutMs: number;
  perAccount: number;
  perAddress: number;
}

export const LIVE_SOCKET_LIMITS: LiveSocketLimits = {
  authTimeoutMs: LIVE_SOCKET_AUTH_TIMEOUT_MS,
  perAccount: LIVE_SOCKETS_PER_ACCOUNT,
  perAddress: LIVE_SOCKETS_PER_ADDRESS,
};

function wireEvent(coinId: number, event: Exclude<ExchangeEvent, { type: 'order' }>): LiveServerMessage {
  switch (event.type) {
    case 'book':
      return { type: 'book', coinId, data: { bids: event.book.bids, asks: event.book.asks, timestamp: event.book.timestamp } };
    case 'trades':
      return { type: 'trades', coinId, data: event.trades.map(({ symbol: _s, ...t }) => t) };
    case 'balances':
      return { type: 'balances', coinId, data: event.balances };
  }
}

/**
 * `/backend/ws`: the first message authenticates (`{type:'auth', token}`: no token in the URL, so
 * none in access logs), then `{type:'subscribe', coinId}` streams that pair for the caller's key,
 * and the caller's bots on it (`robots`, at most once a second); a socket streams one pair, and
 * asking again for the pair it streams changes nothing. When the session is revoked (logout,
 * account deleted or suspended, password set) the stream stops and the socket closes with 4401 at
 * once. A socket that has not authenticated within `authTimeoutMs` closes with 4408; one past the
 * sockets its address or account may hold closes with 4429 (LIVE_SOCKET_CLOSE).
 */
export function wsRoutes(app: FastifyInstance, { auth, orders, engine, revocations, incidents }: Services, limits: LiveSocketLimits = LIVE_SOCKET_LIMITS): void {
  const connections = new SessionConnections(revocations);
  const byAddress = new KeyedSlots<string>(limits.perAddress);
  const byAccount = new KeyedSlots<number>(limits.perAccount);
  app.addHook('onClose', async () => connections.close());

  app.get(paths.liveSocket, { websocket: true }, (socket: WebSocket, request) => {
    const releaseAddress = byAddress.take(addressKey(request.ip));
    if (!releaseAddress) {
      socket.close(LIVE_SOCKET_CLOSE.tooMany, 'too many live connections from this address');
      return;
    }
    const lang = parseLang(request.headers.lang ?? new URL(request.url, 'http://x').searchParams.get('lang'));
    let principal: Principal | null = null;
    let token = '';
    let authenticating = false;
    let releaseAccount: (() => void) | undefined;
    let untrack: (() => void) | undefined;
    const send = (payload: LiveServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };
    const sendError = (err: unknown) => {
      const appError = toAppError(err);
      if (appError instanceof AppError) send({ type: 'error', code: appError.code, msg: messageFor(appError.code, lang, appError.params) });
      else {
        request.log.error({ err }, 'websocket handler failed');
        send({ type: 'error', code: ErrorCode.INTERNAL_ERROR, msg: messageFor(ErrorCode.INTERNAL_ERROR, lang) });
      }
    };
    const stream = new PairStream(async (coinId) => {
      const caller = principal;
      if (!caller) throw new AppError(ErrorCode.UNAUTHORIZED);
      const liveOrder = orders.liveOrders(caller.admin, lang);
      const stopMarket = await orders.subscribe(caller.admin, coinId, (event) => {
        if (event.type !== 'order') send(wireEvent(coinId, event));
        else liveOrder(event.order).then((data) => send({ type: 'order', coinId, data }), sendError);
      });
      const adminId = caller.admin.id;
      // The caller's own bots only: another account's bots on the pair stay out of sight.
      const stopRobots = engine.live.subscribe(coinId, (updates) => {
        const own = updates.filter((u) => u.adminId === adminId).map(({ id, runtime }) => ({ id, runtime }));
        if (own.length > 0) send({ type: 'robots', coinId, data: own });
      });
      return () => {
        stopMarket();
        stopRobots();
      };
    });
    /** Nothing more is sent from here on (the close handshake may take a moment longer). */
    const endSession = () => {
      principal = null;
      stream.close();
      socket.close(LIVE_SOCKET_CLOSE.unauthorized, 'session ended');
    };
    let deadlinePassed = false;
    const closeUnauthenticated = () => {
      stream.close();
      socket.close(LIVE_SOCKET_CLOSE.authTimeout, `authenticate within ${Math.ceil(limits.authTimeoutMs / 1000)} s`);
    };
    // An authentication under way when the time is up decides for itself (see its `finally`).
    const authDeadline = setTimeout(() => {
      deadlinePassed = true;
      if (!principal && !authenticating) closeUnauthenticated();
    }, limits.authTimeoutMs);
    authDeadline.unref();
    const recheck = setInterval(() => {
      if (!principal) return;
      auth.authenticate(token).then(
        (p) => {
          if (!p) endSession();
        },
        () => endSession(),
      );
    }, SESSION_RECHECK_MS);
    recheck.unref();

    const authenticate = async (given: string) => {
      const found = await auth.authenticate(given);
      if (!found) {
        socket.close(LIVE_SOCKET_CLOSE.unauthorized, 'sign in again');
        return;
      }
      // Another account's sockets are not this one's to count: the slot follows the account.
      const sameAccount = principal?.admin.id === found.admin.id;
      const accountSlot = sameAccount ? releaseAccount : byAccount.take(found.admin.id);
      if (!accountSlot) {
        socket.close(LIVE_SOCKET_CLOSE.tooMany, 'too many live connections for this account');
        return;
      }
      if (!sameAccount) {
        releaseAccount?.();
        releaseAccount = accountSlot;
      }
      untrack?.();
      untrack = connections.track(found.sessionId, endSession);
      // A revocation committed between the first check and the tracking above sent its notice
      // to nobody: checking once more after tracking leaves no gap.
      if (!(await auth.authenticate(given)) || socket.readyState !== socket.OPEN) {
        endSession();
        return;
      }
      // What streams was opened for the previous session.
      if (principal) void stream.unsubscribe();
      principal = found;
      token = given;
      send({ type: 'ready' });
    };

    socket.on('message', (raw) => {
      let message: LiveClientMessage;
      try {
        message = liveClientMessage.parse(JSON.parse(String(raw)));
      } catch {
        socket.close(LIVE_SOCKET_CLOSE.badMessage, 'malformed message');
        return;
      }
      void (async () => {
        try {
          if (message.type === 'auth') {
            authenticating = true;
            try {
              await authenticate(message.token);
            } finally {
              authenticating = false;
              if (deadlinePassed && !principal) closeUnauthenticated();
            }
            return;
          }
          if (message.type === 'ping') {
            send({ type: 'pong' });
            return;
          }
          if (!principal) {
            socket.close(LIVE_SOCKET_CLOSE.unauthorized, 'authenticate first');
            return;
          }
          if (message.type === 'unsubscribe') {
            await stream.unsubscribe();
            return;
          }
          if (await stream.subscribe(message.coinId)) send({ type: 'subscribed', coinId: message.coinId });
        } catch (err) {
          if (err instanceof AppError && (err.code === ErrorCode.UNAUTHORIZED || err.code === ErrorCode.ACCOUNT_SUSPENDED)) {
            socket.close(LIVE_SOCKET_CLOSE.unauthorized, 'sign in again');
            return;
          }
          sendError(err);
        }
      })();
    });
    // New incidents of the reader's pairs (recorded on any server), whatever pair the socket streams.
    const stopIncidents = incidents.subscribe((incident) => {
      const reader = principal;
      if (!reader) return;
      void incidents.canSee(reader.admin, incident).then(
        (visible) => {
          if (visible && principal === reader) send({ type: 'incident', coinId: incident.coinId, data: renderIncident({ ...incident, readAt: null }, lang) });
        },
        (err: unknown) => request.log.warn({ err }, 'incident visibility not checked'),
      );
    });
    socket.on('close', () => {
      stopIncidents();
      clearTimeout(authDeadline);
      clearInterval(recheck);
      untrack?.();
      stream.close();
      releaseAccount?.();
      releaseAddress();
    });
  });
}
