import { LocalClusterBus, type ClusterBus, type ClusterListener } from '../bus/cluster-bus.ts';

/**
 * Several nodes' buses in one process (tests): a message published on one reaches every connected
 * node's listeners, in order, as NOTIFY does between servers. `disconnect` plays a killed server:
 * nothing reaches it or leaves it any more.
 */
export class LocalClusterNet {
  private readonly nodes = new Map<string, LocalClusterBus>();
  private pending: Promise<void> = Promise.resolve();

  bus(nodeId: string): ClusterBus {
    const local = new LocalClusterBus(nodeId);
    this.nodes.set(nodeId, local);
    return {
      nodeId,
      publish: (topic: string, payload: unknown) => this.publish(nodeId, topic, payload),
      flush: () => this.pending,
      subscribe: <T>(topic: string, listener: ClusterListener<T>) => local.subscribe(topic, listener),
      close: async () => {
        this.nodes.delete(nodeId);
      },
    };
  }

  private publish(from: string, topic: string, payload: unknown): void {
    if (!this.nodes.has(from)) return;
    const copy = JSON.parse(JSON.stringify(payload ?? null)) as unknown;
    this.pending = this.pending.then(() => {
      for (const node of [...this.nodes.values()]) node.deliver(topic, copy, from);
    });
  }

  disconnect(nodeId: string): void {
    this.nodes.delete(nodeId);
  }
}
