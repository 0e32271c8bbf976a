import { PageContainer } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { RiskControlScreen } from '@/features/risk-control/components/risk-control-screen';
import { useCurrentPair } from '@/lib/current-pair';

/**
 * Risk control for the selected pair. The emergency stop (features/emergency-stop) and the monitors
 * fill the screen's `emergencyStop` and `monitors` slots here when they land; until then the
 * screen shows the alert channels and the recent alerts.
 */
export default function RiskPage() {
  const { t } = useTranslation('pages');
  const pair = useCurrentPair();
  return (
    <PageContainer>
      {pair ? (
        <RiskControlScreen key={pair.id} coinId={pair.id} pairName={pair.name} emergencyStop={null} monitors={null} />
      ) : (
        <EmptyState title={t('placeholder.title')} description={t('placeholder.noPair')} />
      )}
    </PageContainer>
  );
}
