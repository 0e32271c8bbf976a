import { describe, expect, it } from 'vitest';
import { SessionConnections } from './session-connections.ts';
import { LocalClusterBus } from '../bus/cluster-bus.ts';
import { ClusterSessionRevocations } from './session-revocations.ts';

describe('ClusterSessionRevocations over one process', () => {
  it('calls every listener once per notice, skips empty notices, and stops a listener when asked', async () => {
    const failures: unknown[] = [];
    const bus = new ClusterSessionRevocations(new LocalClusterBus('local', (err) => failures.push(err)));
    const first: string[][] = [];
    const second: string[][] = [];
    const stopFirst = bus.subscribe(({ sessionIds }) => first.push([...sessionIds]));
    bus.subscribe(() => {
      throw new Error('listener broke');
    });
    bus.subscribe(({ sessionIds }) => second.push([...sessionIds]));

    await bus.publish({ sessionIds: ['a', 'b'] });
    await bus.publish({ sessionIds: [] });
    stopFirst();
    await bus.publish({ sessionIds: ['c'] });

    expect(first).toEqual([['a', 'b']]);
    // A listener that throws does not keep the notice from the others; its failure is reported.
    expect(second).toEqual([['a', 'b'], ['c']]);
    expect(failures).toEqual([new Error('listener broke'), new Error('listener broke')]);
  });
});

describe('SessionConnections', () => {
  function setUp() {
    const failures: unknown[] = [];
    const bus = new ClusterSessionRevocations(new LocalClusterBus('local', (err) => failures.push(err)));
    return { bus, failures, connections: new SessionConnections(bus) };
  }

  it("ends exactly the revoked sessions' connections, each once", async () => {
    const { bus, connections } = setUp();
    const ended: string[] = [];
    connections.track('s1', () => ended.push('s1 tab'));
    connections.track('s1', () => ended.push('s1 other tab'));
    connections.track('s2', () => ended.push('s2'));
    connections.track('s3', () => ended.push('s3'));
    expect(connections.size).toBe(4);

    await bus.publish({ sessionIds: ['s1', 's3', 'unknown'] });
    expect(ended).toEqual(['s1 tab', 's1 other tab', 's3']);
    expect(connections.size).toBe(1);
    await bus.publish({ sessionIds: ['s1'] });
    expect(ended).toHaveLength(3);
  });

  it('forgets a connection that closed by itself, and the same handler tracked twice one registration at a time', async () => {
    const { bus, connections } = setUp();
    let ends = 0;
    const end = () => ends++;
    const forgetFirst = connections.track('s1', end);
    connections.track('s1', end);
    forgetFirst();
    forgetFirst();
    expect(connections.size).toBe(1);
    await bus.publish({ sessionIds: ['s1'] });
    expect(ends).toBe(1);
  });

  it('ends the other connections when one fails to end, and reports the failure', async () => {
    const { bus, connections, failures } = setUp();
    const ended: string[] = [];
    connections.track('s1', () => {
      throw new Error('socket gone');
    });
    connections.track('s1', () => ended.push('second'));
    await bus.publish({ sessionIds: ['s1'] });
    expect(ended).toEqual(['second']);
    expect(failures).toEqual([new Error('socket gone')]);
  });

  it('stops listening when closed', async () => {
    const { bus, connections } = setUp();
    let ends = 0;
    connections.track('s1', () => ends++);
    connections.close();
    await bus.publish({ sessionIds: ['s1'] });
    expect(ends).toBe(0);
    expect(connections.size).toBe(0);
  });
});
