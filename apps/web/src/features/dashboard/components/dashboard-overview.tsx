import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { LiveUpdates } from '@/market-data/live/live-updates';
import { BalancesTable } from './balances-table';
import { DashboardStats } from './dashboard-stats';
import { KeyGuard } from '@/market-data/components/key-guard';
import { MarketHeader } from '@/market-data/components/market-header';
import { TradingProvider } from '@/market-data/components/trading-context';

/** The control panel of one pair: its figures and the wallet, live like the work panel. */
export function DashboardOverview({ coinId, name, missingKey }: { coinId: number; name: string; missingKey: ReactNode }) {
  return (
    <LiveUpdates coinId={coinId}>
      <TradingProvider coinId={coinId} name={name}>
        <KeyGuard fallback={missingKey}>
          <Flex vertical gap={16} className="md-dashboard">
            <MarketHeader />
            <DashboardStats />
            <BalancesTable />
          </Flex>
        </KeyGuard>
      </TradingProvider>
    </LiveUpdates>
  );
}
