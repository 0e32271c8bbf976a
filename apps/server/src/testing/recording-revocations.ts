import { InProcessSessionRevocations } from '../sessions/session-revocations.ts';

/** The in-process revocation bus with a listener that keeps each notice's session ids, for service tests. */
export function recordingRevocations(): { bus: InProcessSessionRevocations; published: string[][] } {
  const bus = new InProcessSessionRevocations((err) => {
    throw err;
  });
  const published: string[][] = [];
  bus.subscribe(({ sessionIds }) => published.push([...sessionIds]));
  return { bus, published };
}
