import { describe, expect, it } from 'vitest';
import { LocalClusterNet } from '../testing/cluster-net.ts';
import { NodeRequestError, NodeRequests } from './node-requests.ts';

describe('NodeRequests over the bus', () => {
  it('a call reaches the named node only, its answer the caller only, matched by correlation id', async () => {
    const net = new LocalClusterNet();
    const [a, b, c] = ['A', 'B', 'C'].map((id) => new NodeRequests(net.bus(id))) as [NodeRequests, NodeRequests, NodeRequests];
    const seen: string[] = [];
    for (const node of [b, c]) node.handle('double', async (params, from) => {
      seen.push(`${node.nodeId} from ${from}`);
      return (params as { n: number }).n * 2;
    });
    const answers = await Promise.all([a.call<number>('B', 'double', { n: 2 }, 1000), a.call<number>('C', 'double', { n: 5 }, 1000), a.call<number>('B', 'double', { n: 7 }, 1000)]);
    expect(answers).toEqual([4, 10, 14]);
    expect(seen.sort()).toEqual(['B from A', 'B from A', 'C from A']);
  });

  it('a handler that throws, an unknown method, a node gone: failed, failed, timeout', async () => {
    const net = new LocalClusterNet();
    const a = new NodeRequests(net.bus('A'));
    const b = new NodeRequests(net.bus('B'));
    b.handle('boom', async () => {
      throw new Error('the bot is not here');
    });
    await expect(a.call('B', 'boom', {}, 1000)).rejects.toMatchObject({ kind: 'failed', message: 'the bot is not here' });
    await expect(a.call('B', 'nothing', {}, 1000)).rejects.toMatchObject({ kind: 'failed', message: 'no handler for nothing' });
    net.disconnect('B');
    const started = Date.now();
    const gone = await a.call('B', 'boom', {}, 150).catch((err: unknown) => err);
    expect(gone).toBeInstanceOf(NodeRequestError);
    expect((gone as NodeRequestError).kind).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    a.close();
    await expect(a.call('B', 'boom', {}, 100)).rejects.toMatchObject({ kind: 'closed' });
  });
});
