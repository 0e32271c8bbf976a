import type { OutboundMessage } from './notice-codec.ts';

export interface OutboundQueueLimits {
  maxMessages: number;
  maxBytes: number;
}

/**
 * Messages published and not yet sent, bounded: when the database cannot be reached the queue
 * keeps the newest, dropping the oldest (`push` says how many went). `done` counts the messages
 * that left the queue, sent or dropped, so a flush can wait for "everything published so far".
 */
export class OutboundQueue {
  private items: OutboundMessage[] = [];
  private head = 0;
  private queuedBytes = 0;
  /** Messages that ever entered. */
  accepted = 0;
  /** Messages that left (sent or dropped). */
  done = 0;

  constructor(private readonly limits: OutboundQueueLimits) {}

  get length(): number {
    return this.items.length - this.head;
  }

  get bytes(): number {
    return this.queuedBytes;
  }

  /** The queued messages, oldest first, are `items` from `start` (a view: do not keep it across `push`/`shift`). */
  window(): { items: readonly OutboundMessage[]; start: number } {
    return { items: this.items, start: this.head };
  }

  /** Queues `message`; returns how many of the oldest were dropped to stay within the limits. */
  push(message: OutboundMessage): number {
    this.items.push(message);
    this.queuedBytes += message.bytes;
    this.accepted += 1;
    let dropped = 0;
    while (this.length > 1 && (this.length > this.limits.maxMessages || this.queuedBytes > this.limits.maxBytes)) {
      this.shift(1);
      dropped += 1;
    }
    return dropped;
  }

  /** Removes `count` messages from the head (sent, or dropped). */
  shift(count: number): void {
    for (let i = 0; i < count && this.head < this.items.length; i++) {
      this.queuedBytes -= this.items[this.head]!.bytes;
      this.head += 1;
      this.done += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.items.length) this.compact();
  }

  private compact(): void {
    this.items = this.items.slice(this.head);
    this.head = 0;
  }
}
