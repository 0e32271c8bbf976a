import { PageContainer } from '@ant-design/pro-components';
import { Flex } from 'antd';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { LiquidityCard } from '@/features/liquidity/components/liquidity-card';
import { RunningBotsCard } from '@/features/robots/components/running-bots-card';
import { TradingLogTable } from '@/features/robots/components/trading-log-table';
import { PairKeyGate } from '../layout/pair-key-gate';

/** Control panel: balances, volumes and price changes of the selected pair, its liquidity obligation, its running bots and the trading log. */
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
            aside={
              <Flex vertical gap={16}>
                <LiquidityCard />
                <RunningBotsCard />
              </Flex>
            }
            footer={<TradingLogTable coinId={pair.id} />}
          />
        )}
      </PairKeyGate>
    </PageContainer>
  );
}
