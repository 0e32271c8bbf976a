import { AnalysisOverview } from '@/features/analysis/components/analysis-overview';
import { LivePairScreen } from '../layout/live-pair-screen';

/** Data analysis: the pair's balance history, changes since the last and the initial snapshot, P&L and position cost. */
export default function AnalysisPage() {
  return (
    <LivePairScreen>
      <AnalysisOverview />
    </LivePairScreen>
  );
}
