import { liveClientMessage, messageFor, parseLang, paths, type LiveClientMessage, type LiveServerMessage } from '@makerdesk/contract';
import type { ExchangeEvent } from '@makerdesk/exchange';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Principal } from '../domain/account.ts';
import { AppError } from '../domain/app-error.ts';
import type { Services } from '../services/services.ts';
import { SessionConnections } from '../sessions/session-connections.ts';
import { toOrderDto } from '../services/orders/order-mapper.ts';
import { toAppError } from '../domain/exchange-errors.ts';

/** Close codes: 4401 the session is gone (sign in again), 4400 a malformed message. */
export const WS_CLOSE_UNAUTHORIZED = 4401;
export const WS_CLOSE_BAD_MESSAGE = 4400;
/**
 * A revoked session's sockets close as soon as the revocation is announced; this periodic check
 * catches what no notice says (a session that expires) and a notice that never came.
 */
const SESSION_RECHECK_MS = 30_000;

function wireEvent(coinId: number, event: ExchangeEvent): LiveServerMessage {
  switch (event.type) {
    case 'book':
      return { type: 'book', coinId, data: { bids: event.book.bids, asks: event.book.asks, timestamp: event.book.timestamp } };
    case 'trades':
      return { type: 'trades', coinId, data: event.trades.map(({ symbol: _s, ...t }) => t) };
    case 'order':
      return { type: 'order', coinId, data: toOrderDto(event.order) };
    case 'balances':
      return { type: 'balances', coinId, data: event.balances };
  }
}

/**
 * `/backend/ws`: the first message authenticates (`{type:'auth', token}`: no token in the URL, so
 * none in access logs), then `{type:'subscribe', coinId}` streams that pair for the caller's key,
 * and the caller's bots on it (`robots`, at most once a second). When the session is revoked
 * (logout, account deleted or suspended, password set) the stream stops and the socket closes
 * with 4401 at once.
 */
export function wsRoutes(app: FastifyInstance, { auth, orders, engine, revocations }: Services): void {
  const connections = new SessionConnections(revocations);
  app.addHook('onClose', async () => connections.close());

  app.get(paths.liveSocket, { websocket: true }, (socket: WebSocket, request) => {
    const lang = parseLang(request.headers.lang ?? new URL(request.url, 'http://x').searchParams.get('lang'));
    let principal: Principal | null = null;
    let token = '';
    let unsubscribe: (() => void) | undefined;
    let untrack: (() => void) | undefined;
    const send = (payload: LiveServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };
    const sendError = (err: unknown) => {
      const appError = toAppError(err);
      if (appError instanceof AppError) send({ type: 'error', code: appError.code, msg: messageFor(appError.code, lang, appError.params) });
      else {
        request.log.error({ err }, 'websocket handler failed');
        send({ type: 'error', code: 1050501, msg: messageFor(1050501, lang) });
      }
    };
    const stop = () => {
      unsubscribe?.();
      unsubscribe = undefined;
    };
    /** Nothing more is sent from here on (the close handshake may take a moment longer). */
    const endSession = () => {
      principal = null;
      stop();
      socket.close(WS_CLOSE_UNAUTHORIZED, 'session ended');
    };
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

    socket.on('message', (raw) => {
      let message: LiveClientMessage;
      try {
        message = liveClientMessage.parse(JSON.parse(String(raw)));
      } catch {
        socket.close(WS_CLOSE_BAD_MESSAGE, 'malformed message');
        return;
      }
      void (async () => {
        try {
          if (message.type === 'auth') {
            const found = await auth.authenticate(message.token);
            if (!found) {
              socket.close(WS_CLOSE_UNAUTHORIZED, 'sign in again');
              return;
            }
            untrack?.();
            untrack = connections.track(found.sessionId, endSession);
            // A revocation committed between the first check and the tracking above sent its notice
            // to nobody: checking once more after tracking leaves no gap.
            if (!(await auth.authenticate(message.token)) || socket.readyState !== socket.OPEN) {
              endSession();
              return;
            }
            principal = found;
            token = message.token;
            send({ type: 'ready' });
            return;
          }
          if (message.type === 'ping') {
            send({ type: 'pong' });
            return;
          }
          if (!principal) {
            socket.close(WS_CLOSE_UNAUTHORIZED, 'authenticate first');
            return;
          }
          stop();
          if (message.type === 'subscribe') {
            const coinId = message.coinId;
            const stopMarket = await orders.subscribe(principal.admin, coinId, (event) => send(wireEvent(coinId, event)));
            // The session may have ended (or the socket closed) while the venue was being reached.
            if (!principal || socket.readyState !== socket.OPEN) {
              stopMarket();
              return;
            }
            const adminId = principal.admin.id;
            // The caller's own bots only: another account's bots on the pair stay out of sight.
            const stopRobots = engine.live.subscribe(coinId, (updates) => {
              const own = updates.filter((u) => u.adminId === adminId).map(({ id, runtime }) => ({ id, runtime }));
              if (own.length > 0) send({ type: 'robots', coinId, data: own });
            });
            unsubscribe = () => {
              stopMarket();
              stopRobots();
            };
            send({ type: 'subscribed', coinId });
          }
        } catch (err) {
          if (err instanceof AppError && (err.code === 401 || err.code === 2000401)) {
            socket.close(WS_CLOSE_UNAUTHORIZED, 'sign in again');
            return;
          }
          sendError(err);
        }
      })();
    });
    socket.on('close', () => {
      clearInterval(recheck);
      untrack?.();
      stop();
    });
  });
}
