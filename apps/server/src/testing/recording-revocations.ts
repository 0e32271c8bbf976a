import { LocalClusterBus } from '../bus/cluster-bus.ts';
import { ClusterSessionRevocations } from '../sessions/session-revocations.ts';

/** The one-process revocation bus with a listener that keeps each notice's session ids, for service tests. */
export function recordingRevocations(): { bus: ClusterSessionRevocations; published: string[][] } {
  // A listener that fails makes the publish (and so the service call) fail.
  const bus = new ClusterSessionRevocations(
    new LocalClusterBus('local', (err) => {
      throw err;
    }),
  );
  const published: string[][] = [];
  bus.subscribe(({ sessionIds }) => published.push([...sessionIds]));
  return { bus, published };
}
