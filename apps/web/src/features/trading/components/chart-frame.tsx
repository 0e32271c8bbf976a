import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrading } from '@/market-data/components/trading-context';

/**
 * The embedded chart app (`/chart.html`, its own page). The address is fixed when the frame mounts;
 * later pair changes reach it as `symbolChange` messages (features/pairs/utils/chart-frames.ts),
 * so the chart keeps its state instead of reloading. The address is absolute from the site root,
 * so it is the same under the /zh-cn prefix.
 */
export function ChartFrame() {
  const { t, i18n } = useTranslation('trading');
  const { pair } = useTrading();
  const [src] = useState(() => {
    const params = new URLSearchParams({ symbol: pair.name.replace('/', ''), lang: i18n.language });
    return `/chart.html?${params.toString()}`;
  });
  return (
    <Card size="small" className="md-panel md-chart-card" styles={{ body: { padding: 0 } }}>
      <iframe data-chart-frame src={src} title={t('chart.title', { pair: pair.name })} className="md-chart-frame" />
    </Card>
  );
}
