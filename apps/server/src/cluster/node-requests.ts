import type { ClusterBus } from '../bus/cluster-bus.ts';

export const REQUEST_TOPIC = 'node.request';
export const REPLY_TOPIC = 'node.reply';

interface RequestMessage {
  id: string;
  to: string;
  method: string;
  params: unknown;
}

interface ReplyMessage {
  id: string;
  to: string;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export type RequestHandler = (params: unknown, from: string) => Promise<unknown>;

/** A request another node did not answer in time (gone, or too slow), or answered with an error. */
export class NodeRequestError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'failed' | 'closed',
  ) {
    super(message);
  }
}

/**
 * Requests to one node over the cluster bus: `call(nodeId, method, params, timeoutMs)`
 * publishes the request with a correlation id; the node named runs its handler for the method and
 * publishes the answer on the reply topic, which only the caller takes. Best effort, as the bus is:
 * no answer within the time is a `timeout`, and the caller decides (the state is in the database).
 */
export class NodeRequests {
  private readonly handlers = new Map<string, RequestHandler>();
  private readonly pending = new Map<string, { resolve(v: unknown): void; reject(e: Error): void; timer: ReturnType<typeof setTimeout> }>();
  private readonly unsubscribe: (() => void)[];
  private sequence = 0;
  private closed = false;

  constructor(private readonly bus: ClusterBus) {
    this.unsubscribe = [
      bus.subscribe<RequestMessage>(REQUEST_TOPIC, (message, from) => {
        if (message.to === bus.nodeId) void this.answer(message, from);
      }),
      bus.subscribe<ReplyMessage>(REPLY_TOPIC, (message) => {
        if (message.to !== bus.nodeId) return;
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        clearTimeout(waiting.timer);
        if (message.ok) waiting.resolve(message.result);
        else waiting.reject(new NodeRequestError(message.error ?? 'the node could not answer', 'failed'));
      }),
    ];
  }

  get nodeId(): string {
    return this.bus.nodeId;
  }

  /** What this node answers to `method`. */
  handle(method: string, handler: RequestHandler): void {
    this.handlers.set(method, handler);
  }

  call<T = unknown>(nodeId: string, method: string, params: unknown, timeoutMs: number): Promise<T> {
    if (this.closed) return Promise.reject(new NodeRequestError('this node is shutting down', 'closed'));
    const id = `${this.bus.nodeId}:${++this.sequence}`;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new NodeRequestError(`node ${nodeId} did not answer ${method} within ${timeoutMs} ms`, 'timeout'));
      }, timeoutMs);
      timer.unref?.();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.bus.publish(REQUEST_TOPIC, { id, to: nodeId, method, params } satisfies RequestMessage);
    });
  }

  close(): void {
    this.closed = true;
    for (const stop of this.unsubscribe) stop();
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new NodeRequestError('this node is shutting down', 'closed'));
      this.pending.delete(id);
    }
  }

  private async answer(message: RequestMessage, from: string): Promise<void> {
    const handler = this.handlers.get(message.method);
    let reply: ReplyMessage;
    if (!handler) reply = { id: message.id, to: from, ok: false, error: `no handler for ${message.method}` };
    else {
      try {
        reply = { id: message.id, to: from, ok: true, result: (await handler(message.params, from)) ?? null };
      } catch (err) {
        reply = { id: message.id, to: from, ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    }
    if (!this.closed) this.bus.publish(REPLY_TOPIC, reply);
  }
}
