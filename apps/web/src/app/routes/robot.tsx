import { PageContainer } from '@ant-design/pro-components';
import { RobotDeployment } from '@/features/robots/components/robot-deployment';
import { LiveUpdates } from '@/market-data/live/live-updates';
import { KeyGuard } from '@/market-data/components/key-guard';
import { TradingProvider } from '@/market-data/components/trading-context';
import { PairKeyGate } from '../layout/pair-key-gate';

/** Bot deployment: the pair's bot types, the form of the one chosen, and the pair's bots. */
export default function RobotPage() {
  return (
    <PageContainer>
      <PairKeyGate>
        {(pair, missingKey) => (
          <LiveUpdates key={pair.id} coinId={pair.id}>
            <TradingProvider coinId={pair.id} name={pair.name}>
              <KeyGuard fallback={missingKey}>
                <RobotDeployment />
              </KeyGuard>
            </TradingProvider>
          </LiveUpdates>
        )}
      </PairKeyGate>
    </PageContainer>
  );
}
