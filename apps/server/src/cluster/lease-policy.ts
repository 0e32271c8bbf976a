/**
 * How the servers share the bots out, as pure functions: the lease keeper (bot-leases.ts)
 * asks them every cycle with what it read from the database.
 */
import { createHash } from 'node:crypto';

/** Each node's share: the bots switched on over the live nodes, rounded up (a node counts itself even before its first heartbeat is seen). */
export function fairShare(running: number, liveNodes: number): number {
  return Math.ceil(Math.max(0, running) / Math.max(1, liveNodes));
}

/** How many more bots a node may claim this cycle. */
export function claimLimit(held: number, share: number): number {
  return Math.max(0, share - held);
}

/**
 * The bots a node hands over this cycle so that a node with fewer gets them: those beyond its share
 * (`slack` more are kept, to avoid moving bots for a difference of one), at most `perCycle` at a time
 * (each hand-over is a reconciliation on the new node), the newest bots first.
 */
export function toRelease(held: readonly number[], share: number, perCycle: number, slack = 0): number[] {
  const excess = held.length - (share + slack);
  if (excess <= 0 || perCycle <= 0) return [];
  return [...held].sort((a, b) => b - a).slice(0, Math.min(excess, perCycle));
}

/**
 * When a node must have stopped its bots if it could not renew since: the renewal was SENT at
 * `sentAt` (local clock), so the database set the expiry no earlier than `sentAt + ttlMs` as it sees
 * time; halting `marginMs` before that leaves the margin for a tick to end and for the clocks' rates.
 */
export function fenceAt(sentAt: number, ttlMs: number, marginMs: number): number {
  return sentAt + ttlMs - marginMs;
}

/** What a renewal answered against what the node runs: the bots to stop here, and leases to give back. */
export function reconcileHeld(
  held: ReadonlySet<number>,
  renewed: readonly { robotId: number; running: boolean }[],
  releasing: ReadonlySet<number> = new Set(),
): { lost: number[]; switchedOff: number[]; unknown: number[] } {
  const still = new Set(renewed.map((l) => l.robotId));
  return {
    /** Run here but the lease ran out or was taken: stop running them here (no cancel: the new owner reconciles). */
    lost: [...held].filter((id) => !still.has(id)).sort((a, b) => a - b),
    /** Held, but switched off meanwhile (a switch-off whose message was lost): stop them here, cancelling their orders. */
    switchedOff: renewed.filter((l) => !l.running && held.has(l.robotId)).map((l) => l.robotId),
    /** Leased to this node but not run here (after a fence, or a hand-over in progress aside): give them back. */
    unknown: renewed.filter((l) => !held.has(l.robotId) && !releasing.has(l.robotId)).map((l) => l.robotId),
  };
}

/**
 * Which of the live nodes does a piece of shared periodic work named `key` (rendezvous hashing:
 * the node with the highest hash of node and key). Every node that sees the same live list picks the
 * same one; when a node comes or goes, only the work it had (or takes) moves. Undefined without nodes.
 */
export function nodeForWork(key: string, nodes: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestWeight = -1n;
  for (const node of nodes) {
    const weight = createHash('sha256').update(node).update('\u0000').update(key).digest().readBigUInt64BE(0);
    if (weight > bestWeight || (weight === bestWeight && best !== undefined && node < best)) {
      best = node;
      bestWeight = weight;
    }
  }
  return best;
}
