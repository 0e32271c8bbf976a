import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIncidents } from '@/market-data/api/get-incidents';

/** "Halted by … at …": the pair stopped by an emergency stop, until one of its bots is switched on again. */
export function HaltedBanner({ coinId }: { coinId: number }) {
  const { t } = useTranslation('incidents');
  const { data } = useIncidents(coinId);
  const halted = data?.halted.find((h) => h.coinId === coinId);
  if (!halted) return null;
  return (
    <Alert
      data-testid="halted-banner"
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={t('haltedTitle', { pair: halted.coinName })}
      description={
        <>
          {halted.text}
          <br />
          {t('haltedHint')}
        </>
      }
    />
  );
}
