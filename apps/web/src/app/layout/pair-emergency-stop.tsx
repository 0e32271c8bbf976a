import { EmergencyStopButton } from '@/features/emergency-stop/components/emergency-stop-button';
import { useCurrentPair } from '@/lib/current-pair';

/** The emergency stop of the pair chosen in the top bar. */
export function PairEmergencyStop() {
  return <EmergencyStopButton pair={useCurrentPair()} size="small" />;
}
