import { PageContainer } from '@ant-design/pro-components';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { PairKeyGate } from '../layout/pair-key-gate';

/** Control panel: balances, volumes and price changes of the selected pair. */
export default function DashboardPage() {
  return (
    <PageContainer>
      <PairKeyGate>{(pair, missingKey) => <DashboardOverview key={pair.id} coinId={pair.id} name={pair.name} missingKey={missingKey} />}</PairKeyGate>
    </PageContainer>
  );
}
