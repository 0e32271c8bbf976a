import { describe, expect, it } from 'vitest';
import { outboundMessage, parseNotice, PartAssembler, takeNotices, type NoticeCounters, type ParsedNotice } from './notice-codec.ts';
import { OutboundQueue } from './outbound-queue.ts';

const node = '6f1d2c3b-0000-4000-8000-000000000001';

/** Packs the whole queue as the bus would, returning the notices. */
function packAll(messages: ReturnType<typeof outboundMessage>[], maxBytes: number, counters: NoticeCounters = { seq: 0, partId: 0 }): string[] {
  const notices: string[] = [];
  let start = 0;
  while (start < messages.length) {
    const { notices: out, taken } = takeNotices(messages, start, node, counters, maxBytes);
    notices.push(...out);
    start += taken;
  }
  return notices;
}

/** Decodes notices as a receiver would. */
function unpack(notices: string[], assembler = new PartAssembler({ timeoutMs: 1000, maxParts: 1000, maxPending: 4, now: () => 0 })): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const text of notices) {
    const notice = parseNotice(text);
    if (!notice) throw new Error(`unparsable: ${text}`);
    if (notice.kind === 'batch') out.push(...notice.messages);
    else {
      const joined = assembler.add(notice);
      if (joined === 'invalid') throw new Error('invalid part');
      if (joined) out.push(joined);
    }
  }
  return out;
}

describe('notice codec', () => {
  it('fills each notice up to the byte limit and never over it, keeping the order', () => {
    const messages = Array.from({ length: 200 }, (_, i) => outboundMessage('t', { i, s: 'é'.repeat(i % 7) }));
    const notices = packAll(messages, 500);
    for (const text of notices) expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(500);
    // Full: adding the next message would have crossed the limit.
    expect(Buffer.byteLength(notices[0]!, 'utf8') + messages[notices[0]!.split('["t"').length - 1]!.bytes + 1).toBeGreaterThan(500);
    expect(unpack(notices).map(([, p]) => (p as { i: number }).i)).toEqual([...Array(200).keys()]);
  });

  it('splits a message larger than a notice into parts of whole bytes, multibyte characters included', () => {
    const payload = { text: '网格机器人'.repeat(400) + '😀'.repeat(50) };
    const counters = { seq: 5, partId: 9 };
    const notices = packAll([outboundMessage('a', 1), outboundMessage('big', payload), outboundMessage('z', 2)], 1000, counters);
    for (const text of notices) expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(1000);
    expect(notices.length).toBeGreaterThan(7);
    expect(unpack(notices)).toEqual([['a', 1], ['big', payload], ['z', 2]]);
    expect(counters.partId).toBe(10);
    expect(counters.seq).toBe(5 + notices.length);
  });

  it('refuses what is not a notice of this format', () => {
    for (const text of ['', 'null', '3', '"x"', '{}', '{"from":"","seq":1,"msgs":[]}', '{"from":"a","seq":1.5,"msgs":[]}', '{"from":"a","seq":1,"msgs":[["t"]]}', '{"from":"a","seq":1,"part":[1,2,2,"x"]}', '{"from":"a","seq":1,"part":[1,0,2,3]}']) {
      expect(parseNotice(text)).toBeNull();
    }
    expect(parseNotice('{"from":"a","seq":1,"msgs":[["t",{"x":1}]]}')).toEqual({ kind: 'batch', from: 'a', seq: 1, messages: [['t', { x: 1 }]] });
  });

  it('drops a split message whose parts stop, skip, or exceed the bounds', () => {
    let now = 0;
    const assembler = new PartAssembler({ timeoutMs: 100, maxParts: 3, maxPending: 2, now: () => now });
    const part = (from: string, id: number, index: number, count: number, data = 'AAAA'): Extract<ParsedNotice, { kind: 'part' }> => ({ kind: 'part', from, seq: 0, id, index, count, data });
    expect(assembler.add(part('a', 1, 0, 2))).toBeNull();
    now = 150;
    expect(assembler.sweep()).toBe(1);
    expect(assembler.size).toBe(0);
    expect(assembler.add(part('a', 2, 1, 2))).toBe('invalid'); // no first part
    expect(assembler.add(part('a', 3, 0, 3))).toBeNull();
    expect(assembler.add(part('a', 3, 2, 3))).toBe('invalid'); // skipped part 1
    expect(assembler.size).toBe(0);
    expect(assembler.add(part('a', 4, 0, 4))).toBe('invalid'); // too many parts
    for (const id of [5, 6, 7]) assembler.add(part('b', id, 0, 2));
    expect(assembler.size).toBe(2); // the oldest went
    expect(assembler.add(part('b', 5, 1, 2))).toBe('invalid');
    const json = Buffer.from('["t","ok"]');
    expect(assembler.add(part('c', 1, 0, 2, json.subarray(0, 4).toString('base64')))).toBeNull();
    expect(assembler.add(part('c', 1, 1, 2, json.subarray(4).toString('base64')))).toEqual(['t', 'ok']);
  });
});

describe('OutboundQueue', () => {
  it('keeps the newest within its limits and counts what left, sent or dropped', () => {
    const queue = new OutboundQueue({ maxMessages: 3, maxBytes: 1000 });
    const dropped = [1, 2, 3, 4, 5].map((i) => queue.push(outboundMessage('t', i)));
    expect(dropped).toEqual([0, 0, 0, 1, 1]);
    const { items, start } = queue.window();
    expect(items.slice(start).map((m) => m.json)).toEqual(['["t",3]', '["t",4]', '["t",5]']);
    expect([queue.accepted, queue.done, queue.length]).toEqual([5, 2, 3]);
    queue.shift(2);
    expect([queue.done, queue.length, queue.bytes]).toEqual([4, 1, 7]);
    const bytesBound = new OutboundQueue({ maxMessages: 100, maxBytes: 20 });
    expect(bytesBound.push(outboundMessage('t', 'x'.repeat(10)))).toBe(0);
    expect(bytesBound.push(outboundMessage('t', 'y'.repeat(10)))).toBe(1);
    expect(bytesBound.length).toBe(1);
  });
});
