import { PageContainer } from '@ant-design/pro-components';
import { AnalysisOverview } from '@/features/analysis/components/analysis-overview';
import { LiveUpdates } from '@/market-data/live/live-updates';
import { KeyGuard } from '@/market-data/components/key-guard';
import { TradingProvider } from '@/market-data/components/trading-context';
import { PairKeyGate } from '../layout/pair-key-gate';

/** Data analysis: the pair's balance history, changes since the last and the initial snapshot, P&L and position cost. */
export default function AnalysisPage() {
  return (
    <PageContainer>
      <PairKeyGate>
        {(pair, missingKey) => (
          <LiveUpdates key={pair.id} coinId={pair.id}>
            <TradingProvider coinId={pair.id} name={pair.name}>
              <KeyGuard fallback={missingKey}>
                <AnalysisOverview />
              </KeyGuard>
            </TradingProvider>
          </LiveUpdates>
        )}
      </PairKeyGate>
    </PageContainer>
  );
}
