import { PageContainer } from '@ant-design/pro-components';
import { TradingWorkspace } from '@/features/trading/components/trading-workspace';
import { PairKeyGate } from '../layout/pair-key-gate';

/** Work panel: manual and batch trading on the selected pair, its book, trades, chart, wallet and orders. */
export default function WorkPage() {
  return (
    <PageContainer>
      <PairKeyGate>{(pair, missingKey) => <TradingWorkspace key={pair.id} coinId={pair.id} name={pair.name} missingKey={missingKey} />}</PairKeyGate>
    </PageContainer>
  );
}
