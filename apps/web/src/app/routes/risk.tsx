import { PageContainer } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { EmergencyStopButton } from '@/features/emergency-stop/components/emergency-stop-button';
import { RiskControlScreen } from '@/features/risk-control/components/risk-control-screen';
import { MonitorsCard } from '@/features/robots/components/monitors-card';
import { useCurrentPair } from '@/lib/current-pair';

/**
 * Risk control for the selected pair: the emergency stop (features/emergency-stop), the pair's
 * monitors with their switches (features/robots), then the alert channels and the recent alerts.
 */
export default function RiskPage() {
  const { t } = useTranslation('pages');
  const pair = useCurrentPair();
  return (
    <PageContainer>
      {pair ? (
        <RiskControlScreen
          key={pair.id}
          coinId={pair.id}
          pairName={pair.name}
          emergencyStop={<EmergencyStopButton pair={pair} />}
          monitors={<MonitorsCard coinId={pair.id} />}
        />
      ) : (
        <EmptyState title={t('placeholder.title')} description={t('placeholder.noPair')} />
      )}
    </PageContainer>
  );
}
