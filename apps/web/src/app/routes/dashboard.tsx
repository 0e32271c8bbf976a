import { PageContainer } from '@ant-design/pro-components';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { RunningBotsCard } from '@/features/robots/components/running-bots-card';
import { TradingLogTable } from '@/features/robots/components/trading-log-table';
import { PairKeyGate } from '../layout/pair-key-gate';

/** Control panel: balances, volumes and price changes of the selected pair, its running bots and the trading log. */
export default function DashboardPage() {
  return (
    <PageContainer>
      <PairKeyGate>
        {(pair, missingKey) => (
          <DashboardOverview
            key={pair.id}
            coinId={pair.id}
            name={pair.name}
            missingKey={missingKey}
            aside={<RunningBotsCard />}
            footer={<TradingLogTable coinId={pair.id} />}
          />
        )}
      </PairKeyGate>
    </PageContainer>
  );
}
