import { HaltedBanner } from '@/features/incidents/components/halted-banner';
import { useCurrentPair } from '@/lib/current-pair';

/** The selected pair's "halted by …" banner above its screens, while an emergency stop holds it. */
export function PairHaltedBanner() {
  const pair = useCurrentPair();
  if (!pair) return null;
  return (
    <div style={{ padding: '12px 24px 0' }}>
      <HaltedBanner coinId={pair.id} />
    </div>
  );
}
