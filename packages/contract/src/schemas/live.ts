import { z } from 'zod';
import { idParam } from './common.ts';
import { order, orderBookResponse, tradesListResponse, walletBalance } from './order.ts';
import { robotRuntime } from './robot.ts';
import { incident } from './incident.ts';

/**
 * `/backend/ws`, what the console sends: `auth` first (the token never goes in the URL, so never
 * in access logs), then `subscribe` to stream one pair for the caller's key.
 */
export const liveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1) }),
  z.object({ type: z.literal('subscribe'), coinId: idParam }),
  z.object({ type: z.literal('unsubscribe') }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

const pairId = z.number().int();

/** What the server pushes: the stream's state, and the pair's book, trades, the caller's orders and balances. */
export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('subscribed'), coinId: pairId }),
  // Any error stops the stream for the console (it polls instead), even one whose fields are off.
  z.object({ type: z.literal('error'), code: z.number().int().catch(0), msg: z.string().catch('') }),
  z.object({ type: z.literal('book'), coinId: pairId, data: orderBookResponse.omit({ symbol: true }) }),
  z.object({ type: z.literal('trades'), coinId: pairId, data: tradesListResponse }),
  z.object({ type: z.literal('order'), coinId: pairId, data: order }),
  z.object({ type: z.literal('balances'), coinId: pairId, data: z.array(walletBalance) }),
  // The caller's bots on the pair whose activity changed or that ticked (at most once a second per
  // pair): their runtime; the console refetches /robot/list for figures when it shows them.
  z.object({ type: z.literal('robots'), coinId: pairId, data: z.array(z.object({ id: z.number().int(), runtime: robotRuntime })) }),
  // A new incident the reader may see, on any of the reader's pairs (sent to every signed-in socket,
  // subscribed to a pair or not), in the socket's language; the console refetches the list for the
  // unread count and halted pairs.
  z.object({ type: z.literal('incident'), coinId: pairId, data: incident }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;
