import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/hooks/use-now';
import { useCurrentPair } from '@/lib/current-pair';
import { useCoins } from '../api/get-coins';
import { expiryNotice, splitMinutes } from '../utils/expiry';
import { formatDuration } from '../utils/format-duration';

/** Above the content: how long ago the selected pair expired, or how soon it will (spec §4). */
export function ExpiryBanner() {
  const { t } = useTranslation('pairs');
  const { t: tc } = useTranslation('common');
  const current = useCurrentPair();
  const coins = useCoins();
  const now = useNow(60_000);

  const coin = coins.data?.find((c) => c.coinId === current?.id);
  const notice = expiryNotice(coin?.endTimeStamp ?? null, now);
  if (!coin || !notice) return null;

  const time = formatDuration(splitMinutes(notice.minutes), tc);
  return (
    <Alert
      className="md-expiry-banner"
      type={notice.kind === 'expired' ? 'error' : 'warning'}
      showIcon
      message={`${coin.coinName} · ${t(notice.kind === 'expired' ? 'expiry.expired' : 'expiry.expiring', { time })}`}
      description={t('expiry.advice')}
    />
  );
}
