import { Card, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** The depth chart comes in its own chunk, after the book. */
const DepthChart = lazy(() => import('./depth-chart'));

/** Beside the book: the depth chart (cumulative bids and asks, the desk's own levels marked). */
export function DepthCard() {
  const { t } = useTranslation('trading');
  return (
    <Card size="small" className="md-panel md-depth-card" title={t('depth.title')}>
      <Suspense fallback={<Spin className="md-book-loading" />}>
        <DepthChart />
      </Suspense>
    </Card>
  );
}
