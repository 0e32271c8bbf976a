/**
 * The wire format of the cluster bus over PostgreSQL NOTIFY, without any IO (pg-cluster-bus.ts
 * sends and receives). A notice is one NOTIFY payload, at most `NOTICE_MAX_BYTES` bytes of UTF-8:
 *
 * - a batch: `{"from":node,"seq":n,"msgs":[[topic,payload],...]}`, messages in publishing order;
 * - one part of a message larger than a notice: `{"from":node,"seq":n,"part":[id,index,count,data]}`,
 *   where `data` is base64 of a slice of the message's UTF-8 JSON (`[topic,payload]`); the parts of
 *   one message are sent in order, one notice each, and joined on arrival.
 *
 * `seq` counts a node's notices; a gap only says notices were missed (best effort, as NOTIFY is).
 */

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (NOTIFY_PAYLOAD_MAX_LENGTH). */
export const NOTICE_MAX_BYTES = 7999;

/** A published message, serialised once: `json` is `[topic,payload]`, `bytes` its UTF-8 length. */
export interface OutboundMessage {
  topic: string;
  json: string;
  bytes: number;
}

export function outboundMessage(topic: string, payload: unknown): OutboundMessage {
  const json = JSON.stringify([topic, payload ?? null]);
  return { topic, json, bytes: Buffer.byteLength(json, 'utf8') };
}

export interface NoticeCounters {
  /** Next notice's sequence number (incremented once per notice). */
  seq: number;
  /** Next split message's id. */
  partId: number;
}

/**
 * The notices for the head of `queue` (from index `start`): one batch of as many whole messages as fit, or, when the
 * first message alone does not fit, all the parts of that one message. `taken` messages are
 * consumed from the head. Advances `counters`.
 */
export function takeNotices(queue: readonly OutboundMessage[], start: number, from: string, counters: NoticeCounters, maxBytes = NOTICE_MAX_BYTES): { notices: string[]; taken: number } {
  if (start >= queue.length) return { notices: [], taken: 0 };
  const head = `{"from":${JSON.stringify(from)},"seq":${counters.seq},"msgs":[`;
  const tail = ']}';
  let size = Buffer.byteLength(head, 'utf8') + tail.length;
  let taken = 0;
  for (let i = start; i < queue.length; i++) {
    const message = queue[i]!;
    const added = message.bytes + (taken > 0 ? 1 : 0);
    if (size + added > maxBytes) break;
    size += added;
    taken += 1;
  }
  if (taken > 0) {
    counters.seq += 1;
    return { notices: [head + queue.slice(start, start + taken).map((m) => m.json).join(',') + tail], taken };
  }
  return { notices: splitMessage(queue[start]!, from, counters, maxBytes), taken: 1 };
}

/** Raw bytes per part for a node id: what is left of a notice once its envelope is counted at its longest. */
export function partCapacity(from: string, maxBytes = NOTICE_MAX_BYTES): number {
  const widest = Number.MAX_SAFE_INTEGER;
  const envelope = Buffer.byteLength(JSON.stringify({ from, seq: widest, part: [widest, widest, widest, ''] }), 'utf8');
  return Math.floor((maxBytes - envelope) / 4) * 3;
}

function splitMessage(message: OutboundMessage, from: string, counters: NoticeCounters, maxBytes: number): string[] {
  const bytes = Buffer.from(message.json, 'utf8');
  const capacity = partCapacity(from, maxBytes);
  if (capacity <= 0) throw new Error(`a notice of ${maxBytes} bytes cannot hold a part`);
  const count = Math.ceil(bytes.length / capacity);
  const id = counters.partId++;
  const notices: string[] = [];
  for (let index = 0; index < count; index++) {
    const data = bytes.subarray(index * capacity, (index + 1) * capacity).toString('base64');
    notices.push(JSON.stringify({ from, seq: counters.seq++, part: [id, index, count, data] }));
  }
  return notices;
}

export type ParsedNotice =
  | { kind: 'batch'; from: string; seq: number; messages: [topic: string, payload: unknown][] }
  | { kind: 'part'; from: string; seq: number; id: number; index: number; count: number; data: string };

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** A notice as received, or null when it is not one of ours (malformed JSON or shape). Never throws. */
export function parseNotice(text: string): ParsedNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { from, seq, msgs, part } = value as Record<string, unknown>;
  if (typeof from !== 'string' || from === '' || !isCount(seq)) return null;
  if (Array.isArray(msgs)) {
    const messages: [string, unknown][] = [];
    for (const entry of msgs as unknown[]) {
      if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') return null;
      messages.push([entry[0], entry[1]]);
    }
    return { kind: 'batch', from, seq, messages };
  }
  if (Array.isArray(part) && part.length === 4) {
    const [id, index, count, data] = part as unknown[];
    if (!isCount(id) || !isCount(index) || !isCount(count) || typeof data !== 'string' || index >= count) return null;
    return { kind: 'part', from, seq, id, index, count, data };
  }
  return null;
}

export interface PartAssemblerOptions {
  /** A message whose parts stop arriving for this long is dropped. */
  timeoutMs: number;
  /** Most parts one message may have (bounds what one sender can make this node hold). */
  maxParts: number;
  /** Most messages being joined at once; the oldest is dropped for a new one. */
  maxPending: number;
  now: () => number;
}

interface Pending {
  parts: Buffer[];
  count: number;
  next: number;
  touchedAt: number;
}

/**
 * Joins the parts of split messages. Parts of one message arrive in order on one connection, so a
 * part that is not the next one expected (a notice was missed) drops the message. Whatever stops
 * arriving is dropped after `timeoutMs` (`sweep`, also run on every part).
 */
export class PartAssembler {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly options: PartAssemblerOptions) {}

  get size(): number {
    return this.pending.size;
  }

  /**
   * Adds a part: the whole message (`[topic, payload]`) once its last part is in, `null` while
   * waiting, or `'invalid'` when the part cannot belong (out of order, too many parts, bad JSON).
   */
  add(part: Extract<ParsedNotice, { kind: 'part' }>): [string, unknown] | null | 'invalid' {
    const now = this.options.now();
    this.sweep();
    if (part.count > this.options.maxParts) return 'invalid';
    const key = `${part.from}:${part.id}`;
    let entry = this.pending.get(key);
    if (!entry) {
      if (part.index !== 0) return 'invalid';
      while (this.pending.size >= this.options.maxPending) {
        const oldest = this.pending.keys().next();
        if (oldest.done) break;
        this.pending.delete(oldest.value);
      }
      entry = { parts: [], count: part.count, next: 0, touchedAt: now };
      this.pending.set(key, entry);
    }
    if (part.index !== entry.next || part.count !== entry.count) {
      this.pending.delete(key);
      return 'invalid';
    }
    entry.parts.push(Buffer.from(part.data, 'base64'));
    entry.next += 1;
    entry.touchedAt = now;
    if (entry.next < entry.count) return null;
    this.pending.delete(key);
    try {
      const value = JSON.parse(Buffer.concat(entry.parts).toString('utf8')) as unknown;
      if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string') return [value[0], value[1]];
    } catch {
      // falls through: not a message
    }
    return 'invalid';
  }

  /** Drops the messages whose last part came more than `timeoutMs` ago; returns how many. */
  sweep(): number {
    const limit = this.options.now() - this.options.timeoutMs;
    let dropped = 0;
    for (const [key, entry] of this.pending) {
      if (entry.touchedAt > limit) continue;
      this.pending.delete(key);
      dropped += 1;
    }
    return dropped;
  }

  clear(): void {
    this.pending.clear();
  }
}
