import { Col, Flex, Row } from 'antd';
import type { ReactNode } from 'react';
import { LiveUpdates } from '@/market-data/live/live-updates';
import { BalancesTable } from './balances-table';
import { DashboardStats } from './dashboard-stats';
import { KeyGuard } from '@/market-data/components/key-guard';
import { MarketHeader } from '@/market-data/components/market-header';
import { TradingProvider } from '@/market-data/components/trading-context';
import '../dashboard.css';

interface DashboardOverviewProps {
  coinId: number;
  name: string;
  missingKey: ReactNode;
  /** Shown beside the figures (the pair's running bots; first on a phone); rendered inside the pair's trading context. */
  aside?: ReactNode;
  /** Shown below the wallet (the trading log). */
  footer?: ReactNode;
}

/** The control panel of one pair: its figures and the wallet, live like the work panel. */
export function DashboardOverview({ coinId, name, missingKey, aside, footer }: DashboardOverviewProps) {
  return (
    <LiveUpdates coinId={coinId}>
      <TradingProvider coinId={coinId} name={name}>
        <KeyGuard fallback={missingKey}>
          <Flex vertical gap={16} className="md-dashboard">
            <MarketHeader />
            {aside ? (
              <Row gutter={[16, 16]}>
                <Col flex="1 1 640px" style={{ minWidth: 0 }}>
                  <Flex vertical gap={16}>
                    <DashboardStats />
                  </Flex>
                </Col>
                <Col flex="0 1 400px" style={{ minWidth: 320 }} className="md-dashboard-aside">
                  {aside}
                </Col>
              </Row>
            ) : (
              <DashboardStats />
            )}
            <BalancesTable />
            {footer}
          </Flex>
        </KeyGuard>
      </TradingProvider>
    </LiveUpdates>
  );
}
