import { EmergencyStopButton } from '@/features/emergency-stop/components/emergency-stop-button';
import { useCurrentPair } from '@/lib/current-pair';

/**
 * The emergency stop of the pair chosen in the top bar. `compact` (the phone's top bar): the red stop
 * icon alone, named by its label for screen readers and in its tooltip, so the bell and the menu fit
 * beside it at 390 px in every language.
 */
export function PairEmergencyStop({ compact = false }: { compact?: boolean }) {
  return <EmergencyStopButton pair={useCurrentPair()} size="small" compact={compact} />;
}
