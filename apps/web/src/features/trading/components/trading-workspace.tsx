import type { ReactNode } from 'react';
import { LiveUpdates } from '@/market-data/live/live-updates';
import { ChartFrame } from './chart-frame';
import { DepthCard } from './depth-card';
import { KeyGuard } from '@/market-data/components/key-guard';
import { ManualMatchCard } from './manual-match-card';
import { MarketHeader } from '@/market-data/components/market-header';
import { OrderBookCard } from './order-book-card';
import { OrderTicket } from './order-ticket';
import { OrdersPanel } from './orders-panel';
import { RecentTradesCard } from './recent-trades-card';
import { TradingProvider } from '@/market-data/components/trading-context';
import { WalletCard } from './wallet-card';

interface TradingWorkspaceProps {
  coinId: number;
  name: string;
  /** Shown instead when the server has no API key of the caller for the pair. */
  missingKey: ReactNode;
}

/**
 * The work panel of one pair: ticker; book and trades on the left; chart and order ticket in the
 * middle; wallet and manual match on the right; the order tabs below. Live over the WebSocket,
 * polling while it is down.
 */
export function TradingWorkspace({ coinId, name, missingKey }: TradingWorkspaceProps) {
  return (
    <LiveUpdates coinId={coinId}>
      <TradingProvider coinId={coinId} name={name}>
        <KeyGuard fallback={missingKey}>
          <div className="md-trade">
            <MarketHeader />
            <div className="md-trade-grid">
              <div className="md-trade-book">
                <OrderBookCard />
                <DepthCard />
                <RecentTradesCard />
              </div>
              <div className="md-trade-main">
                <ChartFrame />
                <OrderTicket />
              </div>
              <div className="md-trade-side">
                <WalletCard />
                <ManualMatchCard />
              </div>
            </div>
            <OrdersPanel />
          </div>
        </KeyGuard>
      </TradingProvider>
    </LiveUpdates>
  );
}
