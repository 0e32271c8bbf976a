import { PageContainer } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import { KeyGuard } from '@/market-data/components/key-guard';
import { TradingProvider } from '@/market-data/components/trading-context';
import { LiveUpdates } from '@/market-data/live/live-updates';
import { PairKeyGate } from './pair-key-gate';

/**
 * A screen of the selected pair that needs its API key: the pair's live updates and trading context
 * around `children`, all started afresh when the pair changes.
 */
export function LivePairScreen({ children, title }: { children: ReactNode; /** The page header's title; false for none (a page that heads itself). */ title?: ReactNode | false }) {
  return (
    <PageContainer {...(title === undefined ? {} : { title })}>
      <PairKeyGate>
        {(pair, missingKey) => (
          <LiveUpdates key={pair.id} coinId={pair.id}>
            <TradingProvider coinId={pair.id} name={pair.name}>
              <KeyGuard fallback={missingKey}>{children}</KeyGuard>
            </TradingProvider>
          </LiveUpdates>
        )}
      </PairKeyGate>
    </PageContainer>
  );
}
