import { describe, expect, it } from 'vitest';
import { liveClientMessage, liveServerMessage } from './live.ts';

describe('live socket messages', () => {
  it('reads what the console sends, the pair id as number or text', () => {
    expect(liveClientMessage.parse({ type: 'subscribe', coinId: '3' })).toEqual({ type: 'subscribe', coinId: 3 });
    expect(liveClientMessage.safeParse({ type: 'auth', token: '' }).success).toBe(false);
    expect(liveClientMessage.safeParse({ type: 'shout' }).success).toBe(false);
  });

  it('reads what the server pushes, and takes any error as an error', () => {
    const book = { type: 'book', coinId: 1, data: { bids: [['100.00', '1.0']], asks: [], timestamp: 5 } };
    expect(liveServerMessage.parse(book)).toEqual(book);
    expect(liveServerMessage.safeParse({ type: 'book', coinId: 1, data: { bids: 'x' } }).success).toBe(false);
    expect(liveServerMessage.parse({ type: 'error', msg: 42 })).toEqual({ type: 'error', code: 0, msg: '' });
  });
});
