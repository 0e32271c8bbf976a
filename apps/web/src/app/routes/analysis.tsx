import { Flex } from 'antd';
import { AnalysisOverview } from '@/features/analysis/components/analysis-overview';
import { EquityCard } from '@/features/analysis/components/equity-card';
import { FillsLedger } from '@/features/analysis/components/fills-ledger';
import { LivePairScreen } from '../layout/live-pair-screen';

/** Data analysis: the pair's balance history, changes since the last and the initial snapshot, P&L, position cost and the fills ledger. */
export default function AnalysisPage() {
  return (
    <LivePairScreen>
      <Flex vertical gap={16}>
        <AnalysisOverview />
        <EquityCard />
        <FillsLedger />
      </Flex>
    </LivePairScreen>
  );
}
