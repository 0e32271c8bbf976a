import { describe, expect, it } from 'vitest';
import { claimLimit, fairShare, fenceAt, nodeForWork, reconcileHeld, toRelease } from './lease-policy.ts';

describe('lease policy', () => {
  it('fair share: the running bots over the live nodes, rounded up; no node counts as one', () => {
    expect(fairShare(30, 3)).toBe(10);
    expect(fairShare(31, 3)).toBe(11);
    expect(fairShare(30, 4)).toBe(8);
    expect(fairShare(30, 0)).toBe(30);
    expect(fairShare(0, 2)).toBe(0);
    expect(fairShare(1, 5)).toBe(1);
  });

  it('claim limit: what is missing to the share, never negative', () => {
    expect(claimLimit(4, 10)).toBe(6);
    expect(claimLimit(10, 10)).toBe(0);
    expect(claimLimit(12, 10)).toBe(0);
  });

  it('release: beyond the share (plus slack), a few per cycle, newest first', () => {
    const held = [3, 1, 9, 7, 5, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29];
    expect(toRelease(held, 10, 3)).toEqual([29, 27, 25]);
    expect(toRelease(held, 10, 10)).toEqual([29, 27, 25, 23, 21]);
    expect(toRelease(held, 14, 3, 1)).toEqual([]);
    expect(toRelease(held, 13, 3, 1)).toEqual([29]);
    expect(toRelease(held, 15, 3)).toEqual([]);
    expect(toRelease(held, 0, 0)).toEqual([]);
    // 30 bots started on one node, then two more join: each cycle hands 3 over until 10 are left.
    let mine = Array.from({ length: 30 }, (_, i) => i + 1);
    let cycles = 0;
    while (toRelease(mine, fairShare(30, 3), 3).length > 0) {
      const out = new Set(toRelease(mine, fairShare(30, 3), 3));
      mine = mine.filter((id) => !out.has(id));
      cycles++;
    }
    expect(mine).toHaveLength(10);
    expect(cycles).toBe(7);
  });

  it('fence: the renewal’s send time plus the lease, less the margin', () => {
    expect(fenceAt(1_000, 5_000, 1_500)).toBe(4_500);
  });

  it('after a renewal: lost bots stop here, switched-off ones are stopped with their orders, unknown leases go back', () => {
    const held = new Set([1, 2, 3, 4]);
    const renewed = [
      { robotId: 1, running: true },
      { robotId: 3, running: false },
      { robotId: 4, running: true },
      { robotId: 8, running: true },
      { robotId: 9, running: true },
    ];
    expect(reconcileHeld(held, renewed, new Set([9]))).toEqual({ lost: [2], switchedOff: [3], unknown: [8] });
    expect(reconcileHeld(new Set(), [])).toEqual({ lost: [], switchedOff: [], unknown: [] });
  });

  it('shared work: every node picks the same live node per key, spread out; a node leaving moves only its own keys, a node joining takes only keys', () => {
    const keys = Array.from({ length: 900 }, (_, i) => `snapshot:${i % 30}:${Math.floor(i / 30)}`);
    const three = ['node-a', 'node-b', 'node-c'];
    const owners = new Map(keys.map((k) => [k, nodeForWork(k, three)]));
    expect(keys.map((k) => nodeForWork(k, [...three].reverse()))).toEqual(keys.map((k) => owners.get(k)));
    for (const node of three) {
      const count = keys.filter((k) => owners.get(k) === node).length;
      expect(count).toBeGreaterThan(230);
      expect(count).toBeLessThan(370);
    }
    const two = ['node-a', 'node-c'];
    for (const k of keys) {
      const now = nodeForWork(k, two);
      if (owners.get(k) !== 'node-b') expect(now).toBe(owners.get(k));
      else expect(two).toContain(now);
    }
    const four = [...three, 'node-d'];
    for (const k of keys) {
      const now = nodeForWork(k, four);
      expect([owners.get(k), 'node-d']).toContain(now);
    }
    expect(keys.some((k) => nodeForWork(k, four) === 'node-d')).toBe(true);
    expect(nodeForWork('snapshot:1:1', [])).toBeUndefined();
    expect(nodeForWork('snapshot:1:1', ['only'])).toBe('only');
  });
});
